import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { LIMITS, MESSAGES, RPC } from '@souvenir/contracts';
import {
  eventually,
  rpcClient,
  startService,
  startTestInfra,
  type ServiceProcess,
  type TestInfra,
} from '@souvenir/testing';
import request from 'supertest';
import { INBOX_REVALIDATE_MS, InboxFreshness } from '../src/routes/messaging/inbox-freshness';
import { join, startGateway, type Account } from './gateway-harness';

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;

let seller: Account;
let buyer: Account;
let stranger: Account;
let productId: string;

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('messaging', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '3000' });
  http = request(gateway.getHttpServer());

  seller = await join(http, 'sora', 'Sora');
  buyer = await join(http, 'bea', 'Bea');
  stranger = await join(http, 'theo', 'Theo');
  const product = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title: 'Kyoto tea vase',
      description: 'Hand-thrown ceramic vase bought in Kyoto, customs cleared.',
      price: 45,
      condition: 'like-new',
      category: 'Home Decor',
      country: 'Japan',
      images: ['https://example.com/vase.jpg'],
      isCustomsVerified: true,
    })
    .expect(201);
  productId = product.body.id;
});

/**
 * Every request messaging is sent on these subjects from now on, as a plain subscriber beside it on NATS sees them
 * (each gets a copy of what messaging's queue group is sent).
 */
async function watchRequests(subjects: string[]) {
  const nc = await connect({ servers: infra.natsUrl });
  const calls: string[][] = subjects.map(() => []);
  subjects.forEach((subject, i) =>
    nc.subscribe(subject, { callback: (_error, msg) => void calls[i].push(msg.subject) }),
  );
  await nc.flush();
  return { calls, flush: () => nc.flush(), close: () => nc.close() };
}

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('messages over HTTP', () => {
  it('needs sign-in for every messages route (401)', async () => {
    await http.get('/api/messages/conversations').expect(401);
    await http.get('/api/messages/unread-count').expect(401);
    await http.get(`/api/messages/${randomUUID()}`).expect(401);
    const res = await http
      .post('/api/messages')
      .send({ toUserId: randomUUID(), productId: randomUUID(), content: 'Hi' })
      .expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: expect.any(String) });
  });

  it('lets a buyer write to the seller, who sees the conversation unread, opens it (read) and replies', async () => {
    const sent = await http
      .post('/api/messages')
      .set('Cookie', buyer.cookie)
      .send({ toUserId: seller.id, productId, content: '  Is the vase still available?  ' })
      .expect(201);
    expect(sent.body).toMatchObject({
      fromUserId: buyer.id,
      toUserId: seller.id,
      productId,
      content: 'Is the vase still available?',
      isRead: false,
      fromUser: { id: buyer.id, firstName: 'Bea', lastName: 'Traveller' },
      toUser: { id: seller.id, firstName: 'Sora', lastName: 'Traveller' },
      product: { id: productId, title: 'Kyoto tea vase' },
    });

    const inbox = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
    expect(inbox.body).toHaveLength(1);
    expect(inbox.body[0]).toMatchObject({
      id: sent.body.id,
      unreadCount: 1,
      fromUser: { firstName: 'Bea' },
      product: { title: 'Kyoto tea vase' },
    });
    await http.get('/api/messages/unread-count').set('Cookie', seller.cookie).expect(200, { count: 1 });

    const thread = await http
      .get(`/api/messages/${buyer.id}`)
      .query({ productId })
      .set('Cookie', seller.cookie)
      .expect(200);
    expect(thread.body.map((m: { content: string }) => m.content)).toEqual(['Is the vase still available?']);
    await http.get('/api/messages/unread-count').set('Cookie', seller.cookie).expect(200, { count: 0 });
    const afterOpen = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
    expect(afterOpen.body[0].unreadCount).toBe(0);

    await http
      .post('/api/messages')
      .set('Cookie', seller.cookie)
      .send({ toUserId: buyer.id, productId, content: 'Yes! Still here.' })
      .expect(201);

    const buyerInbox = await http.get('/api/messages/conversations').set('Cookie', buyer.cookie).expect(200);
    expect(buyerInbox.body).toHaveLength(1);
    expect(buyerInbox.body[0]).toMatchObject({ content: 'Yes! Still here.', fromUserId: seller.id, unreadCount: 1 });
    const buyerThread = await http.get(`/api/messages/${seller.id}`).set('Cookie', buyer.cookie).expect(200);
    expect(buyerThread.body.map((m: { content: string; isRead: boolean }) => [m.content, m.isRead])).toEqual([
      ['Is the vase still available?', true],
      ['Yes! Still here.', true],
    ]);
  });

  it('shows a third user nothing of it and does not let them join', async () => {
    await http.get('/api/messages/conversations').set('Cookie', stranger.cookie).expect(200, []);
    await http.get(`/api/messages/${seller.id}`).query({ productId }).set('Cookie', stranger.cookie).expect(200, []);
    await http.get(`/api/messages/${buyer.id}`).set('Cookie', stranger.cookie).expect(200, []);
    await http.get('/api/messages/unread-count').set('Cookie', stranger.cookie).expect(200, { count: 0 });
    await http
      .post('/api/messages')
      .set('Cookie', stranger.cookie)
      .send({ toUserId: buyer.id, productId, content: 'Me too!' })
      .expect(403);
  });

  it('refuses messages to yourself (403) and about unknown products (404)', async () => {
    await http
      .post('/api/messages')
      .set('Cookie', seller.cookie)
      .send({ toUserId: seller.id, productId, content: 'Note to self' })
      .expect(403);
    await http
      .post('/api/messages')
      .set('Cookie', buyer.cookie)
      .send({ toUserId: buyer.id, productId, content: 'Note to self' })
      .expect(403);
    await http
      .post('/api/messages')
      .set('Cookie', buyer.cookie)
      .send({ toUserId: seller.id, productId: randomUUID(), content: 'Hello?' })
      .expect(404);
  });

  it('answers 404 for a user nobody knows: their thread (was 200 []) and a message to them (was 403)', async () => {
    const nobody = randomUUID();
    const thread = await http.get(`/api/messages/${nobody}`).set('Cookie', buyer.cookie).expect(404);
    expect(thread.body).toEqual({ statusCode: 404, message: expect.stringMatching(/not found/i) });
    await http.get(`/api/messages/${nobody}?productId=${productId}`).set('Cookie', buyer.cookie).expect(404);
    for (const sender of [buyer, seller]) {
      await http
        .post('/api/messages')
        .set('Cookie', sender.cookie)
        .send({ toUserId: nobody, productId, content: 'Hello?' })
        .expect(404);
    }
  });

  it('refuses empty, whitespace and over-long content with 400 and the spec message', async () => {
    for (const content of ['', '   ', 'x'.repeat(LIMITS.messageMax + 1)]) {
      const res = await http
        .post('/api/messages')
        .set('Cookie', buyer.cookie)
        .send({ toUserId: seller.id, productId, content })
        .expect(400);
      const message = content.length > LIMITS.messageMax ? MESSAGES.messageMax : MESSAGES.messageRequired;
      expect(res.body).toEqual({ statusCode: 400, message, errors: [{ field: 'content', message }] });
    }
    await http.post('/api/messages').set('Cookie', buyer.cookie).send({ toUserId: seller.id, productId }).expect(400);
    await http
      .post('/api/messages')
      .set('Cookie', buyer.cookie)
      .send({ toUserId: seller.id, productId, content: 'Hi', isRead: true })
      .expect(400);
    await eventually(async () => {
      const thread = await http.get(`/api/messages/${seller.id}`).set('Cookie', buyer.cookie).expect(200);
      expect(thread.body).toHaveLength(2);
    });
  });

  it('answers 404 for a user id that is not a UUID and 400 for a productId query that is not one', async () => {
    await http.get('/api/messages/not-a-uuid').set('Cookie', buyer.cookie).expect(404);
    const res = await http
      .get(`/api/messages/${seller.id}`)
      .query({ productId: 'nope' })
      .set('Cookie', buyer.cookie)
      .expect(400);
    expect(res.body.errors).toEqual([{ field: 'productId', message: expect.any(String) }]);
  });

  describe("conditional polling (ETag from the caller's inbox version)", () => {
    const polled = () => ({
      conversations: '/api/messages/conversations',
      unread: '/api/messages/unread-count',
      thread: `/api/messages/${buyer.id}?productId=${productId}`,
    });
    /** The caller's conversation list, and its ETag answered 304 at once: the gateway knows the newest version. */
    const conversationsRevalidated = async (account: Account) => {
      const res = await http.get(polled().conversations).set('Cookie', account.cookie).expect(200);
      await http
        .get(polled().conversations)
        .set('Cookie', account.cookie)
        .set('If-None-Match', res.headers.etag)
        .expect(304);
      return res;
    };
    /** The same, once the events in flight have arrived. */
    const settledConversations = (account: Account) => eventually(() => conversationsRevalidated(account));

    it('answers an unchanged poll 304 without asking messaging, and labels answers private and per user', async () => {
      for (const path of Object.values(polled())) {
        const first = await http.get(path).set('Cookie', seller.cookie).expect(200);
        expect(first.headers.etag).toMatch(new RegExp(`^W/"${seller.id}\\.\\d+\\.[0-9a-z]+"$`));
        expect(first.headers['cache-control']).toBe('private, no-cache');
        expect(first.headers.vary).toMatch(/Cookie/);
        const watch = await watchRequests([
          RPC.messaging.listConversations,
          RPC.messaging.countUnread,
          RPC.messaging.getThread,
        ]);
        try {
          const again = await http
            .get(path)
            .set('Cookie', seller.cookie)
            .set('If-None-Match', first.headers.etag)
            .expect(304);
          expect(again.text).toBe('');
          await watch.flush();
          expect(watch.calls.every((c) => c.length === 0)).toBe(true);
        } finally {
          await watch.close();
        }
        // Another person presenting that ETag gets their own inbox, never a 304 for the seller's.
        await http.get(path).set('Cookie', stranger.cookie).set('If-None-Match', first.headers.etag).expect(200);
      }
    });

    it('answers the next poll after a message or a read mark with the new view', async () => {
      const etags = async (account: Account) =>
        Object.fromEntries(
          await Promise.all(
            Object.entries(polled()).map(async ([name, path]) => [
              name,
              (
                await http
                  .get(account === seller ? path : path.replace(buyer.id, seller.id))
                  .set('Cookie', account.cookie)
                  .expect(200)
              ).headers.etag,
            ]),
          ),
        );
      const sellerTags = await etags(seller);
      const buyerTags = await etags(buyer);

      await http
        .post('/api/messages')
        .set('Cookie', buyer.cookie)
        .send({ toUserId: seller.id, productId, content: 'Could you ship it to Lisbon?' })
        .expect(201);
      // The seller's polls see it as soon as its message.sent event has reached the gateway (milliseconds), which
      // then forgets both people's inbox versions.
      const list = await eventually(() =>
        http
          .get(polled().conversations)
          .set('Cookie', seller.cookie)
          .set('If-None-Match', sellerTags.conversations)
          .expect(200),
      );
      expect(list.body[0]).toMatchObject({ content: 'Could you ship it to Lisbon?', unreadCount: 1 });
      expect(list.headers.etag).not.toBe(sellerTags.conversations);
      await http
        .get(polled().unread)
        .set('Cookie', seller.cookie)
        .set('If-None-Match', sellerTags.unread)
        .expect(200, { count: 1 });

      // The seller opens the thread; the buyer's open thread then shows the message read.
      const opened = await http
        .get(polled().thread)
        .set('Cookie', seller.cookie)
        .set('If-None-Match', sellerTags.thread)
        .expect(200);
      expect(opened.body.at(-1)).toMatchObject({ content: 'Could you ship it to Lisbon?', isRead: true });
      const buyerThread = await eventually(() =>
        http
          .get(`/api/messages/${seller.id}?productId=${productId}`)
          .set('Cookie', buyer.cookie)
          .set('If-None-Match', buyerTags.thread)
          .expect(200),
      );
      expect(buyerThread.body.at(-1)).toMatchObject({ content: 'Could you ship it to Lisbon?', isRead: true });

      // Once the client has the newest view, its polls are 304 again.
      const latest = await settledConversations(seller);
      expect(latest.body[0].unreadCount).toBe(0);
    });

    it("never answers 304 to the request right after the caller's own send or thread read (no wait for the event)", async () => {
      const inbox = gateway.get(InboxFreshness);
      const list = await conversationsRevalidated(buyer);
      // While versions cannot rise (neither by events nor by answers), only forgetting on one's own write can make
      // the next poll reload: without it the gateway would answer 304 from the version it had before.
      const frozen = jest.spyOn(inbox, 'remember').mockImplementation(() => undefined);
      try {
        await http
          .post('/api/messages')
          .set('Cookie', buyer.cookie)
          .send({ toUserId: seller.id, productId, content: 'And gift wrapping?' })
          .expect(201);
        const mine = await http
          .get(polled().conversations)
          .set('Cookie', buyer.cookie)
          .set('If-None-Match', list.headers.etag)
          .expect(200);
        expect(mine.body[0]).toMatchObject({ content: 'And gift wrapping?', fromUserId: buyer.id });
      } finally {
        frozen.mockRestore();
      }

      const sellerList = await eventually(async () => {
        const res = await conversationsRevalidated(seller);
        expect(res.body[0]).toMatchObject({ content: 'And gift wrapping?', unreadCount: 1 });
        return res;
      });
      const again = jest.spyOn(inbox, 'remember').mockImplementation(() => undefined);
      try {
        await http.get(polled().thread).set('Cookie', seller.cookie).expect(200);
        const afterOpening = await http
          .get(polled().conversations)
          .set('Cookie', seller.cookie)
          .set('If-None-Match', sellerList.headers.etag)
          .expect(200);
        expect(afterOpening.body[0].unreadCount).toBe(0);
      } finally {
        again.mockRestore();
      }
    });

    it("reloads both people's polls when a message was sent through another gateway replica (its message.sent)", async () => {
      const sellerTag: string = (await settledConversations(seller)).headers.etag;
      const buyerTag: string = (await settledConversations(buyer)).headers.etag;
      // Sent to messaging directly, as another replica would: this gateway neither handled the send nor forgot
      // anyone for it, so only the message's event can tell it that both inboxes changed.
      const { rpc, close } = await rpcClient(infra);
      try {
        await rpc.send(RPC.messaging.sendMessage, {
          actorId: buyer.id,
          toUserId: seller.id,
          productId,
          content: 'Sent through the other replica',
        });
      } finally {
        await close();
      }
      for (const [account, tag] of [
        [seller, sellerTag],
        [buyer, buyerTag],
      ] as const) {
        const reloaded = await eventually(() =>
          http.get(polled().conversations).set('Cookie', account.cookie).set('If-None-Match', tag).expect(200),
        );
        expect(reloaded.body[0]).toMatchObject({ content: 'Sent through the other replica' });
      }
    });

    it('lets an ETag expire after the revalidation window, and makes it per user and version', () => {
      const inbox = gateway.get(InboxFreshness);
      const now = Date.now();
      expect(inbox.etag(seller.id, 7, now)).toBe(inbox.etag(seller.id, 7, now));
      expect(inbox.etag(seller.id, 7, now + INBOX_REVALIDATE_MS)).not.toBe(inbox.etag(seller.id, 7, now));
      expect(inbox.etag(seller.id, 8, now)).not.toBe(inbox.etag(seller.id, 7, now));
      expect(inbox.etag(buyer.id, 7, now)).not.toBe(inbox.etag(seller.id, 7, now));
    });
  });

  describe('the conversation list, a page at a time', () => {
    it('pages by X-Next-Cursor, searches on the server, and refuses bad paging with 400', async () => {
      // The seller now has two conversations: with the buyer, and with the stranger (newest).
      await http
        .post('/api/messages')
        .set('Cookie', stranger.cookie)
        .send({ toUserId: seller.id, productId, content: 'Does it come with a box?' })
        .expect(201);
      const list = (query: Record<string, string>) =>
        http.get('/api/messages/conversations').query(query).set('Cookie', seller.cookie);

      const first = await list({ limit: '1' }).expect(200);
      expect(first.body.map((c: { fromUserId: string }) => c.fromUserId)).toEqual([stranger.id]);
      const cursor = first.headers['x-next-cursor'];
      expect(cursor).toEqual(expect.any(String));
      const second = await list({ limit: '1', cursor }).expect(200);
      expect(second.body).toHaveLength(1);
      expect(second.headers['x-next-cursor']).toBeUndefined();
      expect((await list({}).expect(200)).headers['x-next-cursor']).toBeUndefined();

      expect(
        (await list({ search: '  theo ' }).expect(200)).body.map((c: { fromUserId: string }) => c.fromUserId),
      ).toEqual([stranger.id]);
      expect((await list({ search: 'a box' }).expect(200)).body).toHaveLength(1);
      expect((await list({ search: 'kyoto' }).expect(200)).body).toHaveLength(2);
      expect((await list({ search: 'nothing like this' }).expect(200)).body).toEqual([]);

      const badCursor = await list({ cursor: 'nope' }).expect(400);
      expect(badCursor.body.errors).toEqual([{ field: 'query.cursor', message: 'Invalid cursor' }]);
      await list({ limit: '0' }).expect(400);
      await list({ limit: 'many' }).expect(400);
      const longSearch = await list({ search: 'x'.repeat(201) }).expect(400);
      expect(longSearch.body.errors).toEqual([{ field: 'search', message: 'Search is too long' }]);
    });
  });
});
