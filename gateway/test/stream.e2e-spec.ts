import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EVENTS, type LiveEventDto, type OrderPaidEvent } from '@souvenir/contracts';
import { processRegistry } from '@souvenir/platform';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account } from './gateway-harness';

/*
 * GET /api/stream end to end: identity, catalog, messaging and notifications on the suite's Postgres and NATS, the
 * gateway in front, and the stream read over a real socket as a browser's EventSource reads it.
 */
let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let api: ReturnType<typeof request>;
let seller: Account;
let buyer: Account;
let productId: string;

/** One server-sent event as an EventSource sees it. */
interface Sse {
  id?: string;
  event: string;
  data: string;
}

/** An open stream: its response, the events read so far, and how to close it. */
interface OpenStream {
  res: http.IncomingMessage;
  events: Sse[];
  raw: () => string;
  ended: Promise<void>;
  close: () => void;
}

function portOf(app: INestApplication): number {
  return (app.getHttpServer().address() as AddressInfo).port;
}

/** Opens GET /api/stream on a gateway with the given headers; resolves once the response's headers arrived. */
function openStream(headers: Record<string, string>, app = gateway): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: portOf(app), path: '/api/stream', headers }, (res) => {
      let text = '';
      const events: Sse[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          all += `${block}\n\n`;
          const fields = block.split('\n').filter((line) => line && !line.startsWith(':'));
          if (!fields.some((l) => l.startsWith('data:'))) continue;
          const value = (name: string) =>
            fields
              .find((l) => l.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trimStart();
          events.push({ id: value('id'), event: value('event') ?? 'message', data: value('data') ?? '' });
        }
      });
      let all = '';
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({ res, events, raw: () => all + text, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

const live = (stream: OpenStream) =>
  stream.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as LiveEventDto);

async function send(from: Account, to: Account, content: string): Promise<string> {
  const res = await api
    .post('/api/messages')
    .set('Cookie', from.cookie)
    .send({ toUserId: to.id, productId, content })
    .expect(201);
  return res.body.id as string;
}

const usersSubscribed = async () =>
  (await processRegistry.getSingleMetric('gateway_live_users')!.get()).values[0].value;

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('messaging', infra));
  services.push(await startService('notifications', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '3000' });
  api = request(gateway.getHttpServer());
  seller = await join(api, 'sela', 'Sela');
  buyer = await join(api, 'bruno', 'Bruno');
  const product = await api
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title: 'Lisbon tile',
      description: 'Hand-painted azulejo tile from a Lisbon workshop.',
      price: 18,
      condition: 'new',
      category: 'Home Decor',
      country: 'Portugal',
      images: ['https://example.com/tile.jpg'],
      isCustomsVerified: true,
    })
    .expect(201);
  productId = product.body.id;
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('GET /api/stream', () => {
  it('needs a session (401) and refuses a page of another site (403)', async () => {
    const res = await api.get('/api/stream').expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: expect.any(String) });
    await api.get('/api/stream').set('Cookie', seller.cookie).set('Origin', 'https://evil.example').expect(403);
  });

  it('is an uncompressed, uncached event stream that starts with its id, and carries a message the moment it is sent', async () => {
    const stream = await openStream({ Cookie: seller.cookie, 'Accept-Encoding': 'gzip, br' });
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.res.headers['x-accel-buffering']).toBe('no');
    expect(stream.res.headers['content-encoding']).toBeUndefined();
    await eventually(() =>
      expect(stream.events[0]).toMatchObject({ event: 'ready', id: expect.stringMatching(/^\d+$/) }),
    );
    const messageId = await send(buyer, seller, 'Is the tile still available?');
    await eventually(() =>
      expect(live(stream).map((e) => e.data)).toContainEqual({
        type: 'message.sent',
        messageId,
        fromUserId: buyer.id,
        toUserId: seller.id,
        productId,
      }),
    );
    // The send's inbox change is told by message.sent itself; reading the thread (read marks) is its own change.
    await api.get(`/api/messages/${buyer.id}?productId=${productId}`).set('Cookie', seller.cookie).expect(200);
    await eventually(() => expect(live(stream).map((e) => e.data.type)).toContain('inbox.changed'));
    const types = live(stream).map((e) => e.data.type);
    expect(types.filter((t) => t === 'inbox.changed')).toHaveLength(1);
    expect(types.indexOf('inbox.changed')).toBeGreaterThan(types.indexOf('message.sent'));
    // Every event names its id, the one a reconnect resumes after.
    expect(stream.events.every((e) => /^\d+$/.test(e.id ?? ''))).toBe(true);
    stream.close();
  });

  it('replays what was missed after Last-Event-ID, and says refetch when it cannot', async () => {
    const first = await openStream({ Cookie: seller.cookie });
    await eventually(() => expect(first.events.length).toBeGreaterThan(0));
    const lastSeen = first.events.at(-1)!.id!;
    first.close();
    await first.ended;
    const missedId = await send(buyer, seller, 'Sent while you were away');
    await eventually(async () => {
      const resumed = await openStream({ Cookie: seller.cookie, 'Last-Event-ID': lastSeen });
      resumed.close();
      await new Promise((r) => setTimeout(r, 100));
      expect(live(resumed).map((e) => e.data)).toContainEqual(expect.objectContaining({ messageId: missedId }));
    });
    const resumed = await openStream({ Cookie: seller.cookie, 'Last-Event-ID': lastSeen });
    await eventually(() =>
      expect(live(resumed).some((e) => 'messageId' in e.data && e.data.messageId === missedId)).toBe(true),
    );
    // Replayed in order, each once, and nothing at or before the id the client had.
    const ids = live(resumed).map((e) => BigInt(e.id));
    expect(ids.every((id, i) => id > BigInt(lastSeen) && (i === 0 || id > ids[i - 1]))).toBe(true);
    resumed.close();
    // An id that is not one of the caller's events: they are told to reload what they show.
    const unknown = await openStream({ Cookie: seller.cookie, 'Last-Event-ID': '999999999999' });
    await eventually(() => expect(unknown.events[0]).toMatchObject({ event: 'refetch' }));
    unknown.close();
  });

  it("shares one NATS subscription between a user's tabs on a replica, dropped with the last tab", async () => {
    await eventually(async () => expect(await usersSubscribed()).toBe(0));
    const tabs = [await openStream({ Cookie: buyer.cookie }), await openStream({ Cookie: buyer.cookie })];
    await eventually(() => expect(tabs.every((t) => t.events.length > 0)).toBe(true));
    expect(await usersSubscribed()).toBe(1);
    const messageId = await send(seller, buyer, 'Yes, it is!');
    for (const tab of tabs)
      await eventually(() =>
        expect(live(tab).filter((e) => 'messageId' in e.data && e.data.messageId === messageId)).toHaveLength(1),
      );
    tabs[0].close();
    await tabs[0].ended;
    await new Promise((r) => setTimeout(r, 50));
    expect(await usersSubscribed()).toBe(1);
    tabs[1].close();
    await eventually(async () => expect(await usersSubscribed()).toBe(0));
  });

  it('two replicas: each tab gets every event once, and a tab whose replica stops resumes on the other without a loss', async () => {
    const replicas = [gateway, await startGateway(infra, { RPC_TIMEOUT_MS: '3000' })];
    // The seller's tab on one replica, the buyer's two tabs one on each.
    const sellerTab = await openStream({ Cookie: seller.cookie }, replicas[1]);
    const buyerTabs = [
      await openStream({ Cookie: buyer.cookie }, replicas[0]),
      await openStream({ Cookie: buyer.cookie }, replicas[1]),
    ];
    const tabs = [sellerTab, ...buyerTabs];
    await eventually(() => expect(tabs.every((t) => t.events.length > 0)).toBe(true));
    const messageId = await send(seller, buyer, 'Sent once, seen in every tab');
    const copies = (tab: OpenStream, id: string) =>
      live(tab).filter((e) => e.data.type === 'message.sent' && e.data.messageId === id).length;
    for (const tab of tabs) await eventually(() => expect(copies(tab, messageId)).toBe(1));

    // Replica 1 stops: its tabs' streams end cleanly; a message sent meanwhile is replayed when they reconnect to
    // replica 0 with their last event id, as a browser's EventSource does.
    const stopping = replicas[1].close();
    await Promise.all([sellerTab.ended, buyerTabs[1].ended]);
    await stopping;
    const lastSeen = buyerTabs[1].events.at(-1)!.id!;
    const missedId = await send(seller, buyer, 'Sent while the tab was reconnecting');
    await eventually(() => expect(copies(buyerTabs[0], missedId)).toBe(1));
    const resumed = await openStream({ Cookie: buyer.cookie, 'Last-Event-ID': lastSeen }, replicas[0]);
    await eventually(() => expect(copies(resumed, missedId)).toBe(1));
    expect(copies(resumed, messageId)).toBe(0);
    for (const tab of [resumed, buyerTabs[0]]) tab.close();
  });

  it("caps a user's open streams on a replica (429 beyond LIVE_STREAMS_PER_USER); a closed one frees its place", async () => {
    const capped = await startGateway(infra, { LIVE_STREAMS_PER_USER: '2' });
    const tabs = [
      await openStream({ Cookie: seller.cookie }, capped),
      await openStream({ Cookie: seller.cookie }, capped),
    ];
    await eventually(() => expect(tabs.every((t) => t.events.length > 0)).toBe(true));
    const refused = await request(capped.getHttpServer()).get('/api/stream').set('Cookie', seller.cookie).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/close some tabs/) });
    // Another person is not affected by the seller's streams.
    const other = await openStream({ Cookie: buyer.cookie }, capped);
    expect(other.res.statusCode).toBe(200);
    tabs[0].close();
    await tabs[0].ended;
    await eventually(async () => {
      const again = await openStream({ Cookie: seller.cookie }, capped);
      again.close();
      expect(again.res.statusCode).toBe(200);
    });
    for (const stream of [tabs[1], other]) stream.close();
    await capped.close();
  });

  it("caps a client address's open streams on a replica, all its accounts together (429 beyond LIVE_STREAMS_PER_IP)", async () => {
    const capped = await startGateway(infra, { LIVE_STREAMS_PER_IP: '2' });
    const tabs = [
      await openStream({ Cookie: seller.cookie }, capped),
      await openStream({ Cookie: buyer.cookie }, capped),
    ];
    await eventually(() => expect(tabs.every((t) => t.events.length > 0)).toBe(true));
    // Each account is far below its own cap: the third stream from this address is refused all the same.
    for (const person of [seller, buyer]) {
      const refused = await request(capped.getHttpServer()).get('/api/stream').set('Cookie', person.cookie).expect(429);
      expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/from your network/) });
    }
    tabs[0].close();
    await tabs[0].ended;
    await eventually(async () => {
      const again = await openStream({ Cookie: buyer.cookie }, capped);
      again.close();
      expect(again.res.statusCode).toBe(200);
    });
    tabs[1].close();
    await capped.close();
  });

  it('ends every stream when the gateway shuts down, so browsers reconnect elsewhere', async () => {
    const other = await startGateway(infra);
    const stream = await openStream({ Cookie: seller.cookie }, other);
    await eventually(() => expect(stream.events.length).toBeGreaterThan(0));
    const closing = other.close();
    await stream.ended;
    await closing;
    expect(stream.res.complete).toBe(true);
  });
});

describe('notifications over HTTP', () => {
  it('needs a session for every route', async () => {
    await api.get('/api/notifications').expect(401);
    await api.get('/api/notifications/unread-count').expect(401);
    await api.post(`/api/notifications/${randomUUID()}/read`).expect(401);
    await api.post('/api/notifications/read-all').expect(401);
  });

  it('lists the bell, counts unread, marks one or all read; another person sees none of it', async () => {
    const nc = await connect({ servers: infra.natsUrl });
    const sale: OrderPaidEvent = {
      orderId: randomUUID(),
      productId,
      sellerId: seller.id,
      buyerUserId: null,
      amountCents: 1800,
      currency: 'usd',
      occurredAt: new Date().toISOString(),
    };
    await jetstream(nc).publish(EVENTS.payments.orderPaid, JSON.stringify(sale), { msgID: randomUUID() });
    await nc.close();
    const page = await eventually(async () => {
      const res = await api.get('/api/notifications').set('Cookie', seller.cookie).expect(200);
      expect(res.body.items).toHaveLength(1);
      return res.body;
    });
    expect(page.items[0]).toMatchObject({ kind: 'sale', link: `/orders/${sale.orderId}`, readAt: null });
    await api.get('/api/notifications/unread-count').set('Cookie', seller.cookie).expect(200, { count: 1 });
    await api.get('/api/notifications?limit=0').set('Cookie', seller.cookie).expect(400);
    await api.get('/api/notifications?cursor=nope').set('Cookie', seller.cookie).expect(400);
    await api.post(`/api/notifications/${page.items[0].id}/read`).set('Cookie', buyer.cookie).expect(404);
    await api.post('/api/notifications/not-an-id/read').set('Cookie', seller.cookie).expect(404);
    await api.post(`/api/notifications/${page.items[0].id}/read`).set('Cookie', seller.cookie).expect(204);
    await api.get('/api/notifications/unread-count').set('Cookie', seller.cookie).expect(200, { count: 0 });
    await api.post('/api/notifications/read-all').set('Cookie', seller.cookie).expect(204);
    expect((await api.get('/api/notifications').set('Cookie', buyer.cookie).expect(200)).body).toEqual({ items: [] });
  });
});
