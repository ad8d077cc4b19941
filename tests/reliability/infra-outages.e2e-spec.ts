// Infrastructure outages with real servers: NATS restarted during writes, Redis stopped, Postgres cut (through a
// TCP proxy, since the shared Postgres cannot be restarted here). Services recover by themselves, nothing
// committed is lost, and outages answer 503 (never 500, never a hang, never "guest").
import type { INestApplication } from '@nestjs/common';
import { eventually, startTestInfra, type TestInfra } from '@souvenir/testing';
import request from 'supertest';
import { startGateway } from '../../gateway/test/gateway-harness';
import { TcpProxy } from '../support/tcp-proxy';
import {
  type Account,
  createProduct,
  expectErrorShape,
  listing,
  login,
  register,
  startAllServices,
  unique,
} from '../support/world';

let infra: TestInfra;
let proxy: TcpProxy;
let services: Record<string, INestApplication>;
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let buyer: Account;

beforeAll(async () => {
  infra = await startTestInfra();
  const pg = new URL(infra.database.url);
  proxy = await TcpProxy.start({ host: pg.hostname, port: Number(pg.port || 5432) });
  pg.hostname = '127.0.0.1';
  pg.port = String(proxy.port);
  services = await startAllServices(infra, { DATABASE_URL: pg.toString(), RPC_TIMEOUT_MS: '2500' });
  gateway = await startGateway(infra, {
    RPC_TIMEOUT_MS: '2500',
    LOGIN_MAX_PER_IP: '100000',
    LOGIN_MAX_PER_ACCOUNT: '100000',
    REGISTER_MAX_PER_IP: '100000',
  });
  http = request(gateway.getHttpServer());
  seller = await register(http, unique('pgs'));
  buyer = await register(http, unique('pgb'));
}, 120_000);

afterAll(async () => {
  await gateway?.close().catch(() => undefined);
  for (const s of Object.values(services ?? {}).reverse()) await s.close().catch(() => undefined);
  await proxy?.cut();
  await infra?.stop();
});

const timed = async (req: request.Test) => {
  const started = Date.now();
  const res = await req;
  return Object.assign(res, { ms: Date.now() - started });
};

describe('NATS restarted during writes', () => {
  it('loses nothing committed: every outbox row is published and every consumer catches up; services reconnect', async () => {
    const statuses: number[] = [];
    const created: string[] = [];
    let natsDown = false;
    let attempts = 0;
    const deadline = Date.now() + 40_000;
    // Two writers, each until it has 20 committed products (failures while NATS is away are retried, as a client would).
    const writer = async () => {
      let mine = 0;
      while (mine < 20 && Date.now() < deadline) {
        attempts++;
        const res = await timed(
          http
            .post('/api/products')
            .set('Cookie', seller.cookie)
            .send(listing(`NATS survivor ${attempts}`)),
        );
        statuses.push(res.status);
        expect(res.ms).toBeLessThan(5_000);
        if (res.status === 201) {
          created.push(res.body.id);
          mine++;
        } else {
          expect(res.status).toBe(503);
          await new Promise((r) => setTimeout(r, 100));
        }
        if (!natsDown && created.length >= 10) {
          natsDown = true;
          await infra.nats.stop();
          // Writes now fail fast with 503 (no responders / reconnecting), never hang.
          const during = await timed(
            http.post('/api/products').set('Cookie', seller.cookie).send(listing('During the NATS outage')),
          );
          expect(during.status).toBe(503);
          expect(during.ms).toBeLessThan(5_000);
          await infra.nats.start();
        }
      }
    };
    await Promise.all([writer(), writer()]);
    expect(natsDown).toBe(true);
    expect(statuses).toContain(503);
    // Services reconnected by themselves: writes go through end to end again.
    expect(created.length).toBe(40);
    const after = await createProduct(http, seller.cookie, { title: 'After the NATS restart' });
    // Every committed product (including any whose reply was lost) has its event published and consumed.
    await eventually(
      async () => {
        const [{ n }] = await infra.database.query<{ n: string }>(
          'SELECT count(*) AS n FROM catalog.outbox_events WHERE published_at IS NULL',
        );
        expect(Number(n)).toBe(0);
        const missing = await infra.database.query(
          `SELECT p.id FROM catalog.products p LEFT JOIN messaging.products m ON m.id = p.id WHERE m.id IS NULL OR m.title IS NULL`,
        );
        expect(missing).toEqual([]);
      },
      30_000,
      250,
    );
    const committed = await infra.database.query<{ id: string }>('SELECT id FROM catalog.products');
    expect(committed.map((r) => r.id)).toEqual(expect.arrayContaining([...created, after]));
    // And identity's consumers downstream too: a rename after the restart reaches catalog's seller card. Each
    // service reconnects on its own schedule (nats.js waits 2 s between attempts): catalog's writes and relay may be
    // back before identity answers again, so the rename is retried, as a client would, until identity is back.
    await eventually(
      () =>
        http
          .put(`/api/users/${seller.id}`)
          .set('Cookie', seller.cookie)
          .send({ firstName: 'Post', lastName: 'Restart', location: 'Oslo' })
          .expect(200),
      15_000,
      250,
    );
    await eventually(async () => {
      const res = await http.get(`/api/products/${after}`).expect(200);
      expect(res.body.seller).toMatchObject({ firstName: 'Post', lastName: 'Restart' });
    }, 15_000);
  });
});

describe('Redis stopped', () => {
  it('fails closed for signed-in and sign-in requests (503, never a guest), guests keep browsing, and it recovers', async () => {
    const productId = await createProduct(http, seller.cookie, { title: 'Browsable without Redis' });
    await infra.redis.stop();
    try {
      const signedIn = [
        http.get('/api/auth/me').set('Cookie', buyer.cookie),
        http.get('/api/products').set('Cookie', buyer.cookie),
        http.get('/api/favorites').set('Cookie', buyer.cookie),
        http.post('/api/favorites').set('Cookie', buyer.cookie).send({ productId }),
        http.post('/api/products').set('Cookie', seller.cookie).send(listing('Listed without Redis')),
        http.post('/api/auth/logout').set('Cookie', buyer.cookie),
        http.post('/api/auth/login').send({ username: buyer.username, password: 'secret1' }),
        http
          .post('/api/auth/register')
          .send({ email: 'r@example.com', password: 'secret1', username: unique('r'), firstName: 'R', lastName: 'R' }),
      ];
      for (const req of signedIn) {
        const res = await timed(req);
        expect(res.status).toBe(503);
        expect(res.ms).toBeLessThan(5_000);
        expectErrorShape(res.body, 503);
      }
      // Guests (no cookie) keep browsing.
      await http.get('/api/products').expect(200);
      await http.get(`/api/products/${productId}`).expect(200);
      await http.get('/api/categories').expect(200);
      await http.get('/readyz').expect(503);
    } finally {
      await infra.redis.start();
    }
    // Recovers by itself (this test Redis keeps no data across a restart, so members sign in again).
    await eventually(
      async () => {
        buyer.cookie = await login(http, buyer.username);
      },
      15_000,
      250,
    );
    await http.get('/api/auth/me').set('Cookie', buyer.cookie).expect(200);
    await http.post('/api/favorites').set('Cookie', buyer.cookie).send({ productId }).expect(201);
    seller.cookie = await login(http, seller.username);
  });
});

describe('Postgres cut off (TCP proxy)', () => {
  it('answers 503 (not 500) while the database is away and recovers without restarting anything', async () => {
    const productId = await createProduct(http, seller.cookie, { title: 'Before the database outage' });
    await proxy.cut();
    const calls: [string, () => request.Test][] = [
      ['list products', () => http.get('/api/products')],
      ['get product', () => http.get(`/api/products/${productId}`)],
      [
        'create product',
        () => http.post('/api/products').set('Cookie', seller.cookie).send(listing('During the database outage')),
      ],
      ['get user', () => http.get(`/api/users/${seller.id}`)],
      ['me', () => http.get('/api/auth/me').set('Cookie', buyer.cookie)],
      ['favourites', () => http.get('/api/favorites').set('Cookie', buyer.cookie)],
      ['conversations', () => http.get('/api/messages/conversations').set('Cookie', buyer.cookie)],
      ['orders', () => http.get('/api/orders').set('Cookie', buyer.cookie)],
      ['login', () => http.post('/api/auth/login').send({ username: buyer.username, password: 'secret1' })],
    ];
    try {
      const wrong: string[] = [];
      const cutAt = Date.now();
      // Keep calling for 3 s of outage (every pool reconnect attempt in that time is refused).
      for (let round = 0; round < 50 && (round < 2 || Date.now() - cutAt < 3_000); round++) {
        for (const [name, call] of calls) {
          const res = await timed(call());
          if (res.status !== 503 || res.ms >= 5_000)
            wrong.push(`${name}: ${res.status} in ${res.ms} ms ${JSON.stringify(res.body)}`);
          else expectErrorShape(res.body, 503);
        }
      }
      expect(wrong).toEqual([]);
    } finally {
      await proxy.restore();
    }
    // Every service reconnects by itself (its pool opens new connections).
    await eventually(
      async () => {
        for (const [, call] of calls) expect((await call()).status).toBeLessThan(300);
      },
      20_000,
      250,
    );
    const later = await createProduct(http, seller.cookie, { title: 'After the database outage' });
    // The outbox relay and the event consumers recovered too: the new product reaches messaging's read model.
    await eventually(
      async () => {
        expect(await infra.database.query('SELECT title FROM messaging.products WHERE id = $1', [later])).toEqual([
          { title: 'After the database outage' },
        ]);
      },
      15_000,
      250,
    );
  });
});
