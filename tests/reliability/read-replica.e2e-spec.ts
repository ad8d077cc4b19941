// Browse, search and sellers' lists read from a streaming standby (DATABASE_READ_URL) while the person who just changed
// their listings reads the primary: with the standby's replay paused, a new listing shows to its seller at once and to
// nobody else until replay resumes. The pause makes the standby's lag certain, so the absence asserted is not a race.
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import {
  eventually,
  startNatsServer,
  startPostgresPair,
  startRedisServer,
  type LocalServer,
  type PostgresPair,
  type TestInfra,
} from '@souvenir/testing';
import request from 'supertest';
import { startGateway } from '../../gateway/test/gateway-harness';
import { type Account, listing, register, startAllServices, unique } from '../support/world';

const WORD = 'quokkaberg';

let pair: PostgresPair;
let nats: LocalServer;
let redis: LocalServer;
let services: Record<string, INestApplication>;
let gateway: INestApplication;
let http: ReturnType<typeof request>;

async function onStandby<T>(sql: string): Promise<T[]> {
  const client = new Client({ connectionString: pair.standby.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The ids a search for WORD answers, with its total, as `cookie`'s owner (or a guest) sees them. */
async function search(cookie?: string): Promise<{ ids: string[]; total: number }> {
  const req = http.get('/api/products').query({ search: WORD });
  const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
  return { ids: (res.body as { id: string }[]).map((p) => p.id).sort(), total: Number(res.headers['x-total-count']) };
}

/** The ids of `seller`'s shop page as `cookie`'s owner (or a guest) sees it. */
async function shop(seller: Account, cookie?: string): Promise<string[]> {
  const req = http.get(`/api/users/${seller.id}/products`);
  const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
  return (res.body as { id: string }[]).map((p) => p.id).sort();
}

async function create(seller: Account): Promise<string> {
  const res = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send(listing(`${WORD} ${unique('t')} lantern`))
    .expect(201);
  return res.body.id;
}

beforeAll(async () => {
  [pair, nats, redis] = await Promise.all([startPostgresPair(), startNatsServer(), startRedisServer()]);
  const natsUrl = `nats://127.0.0.1:${nats.port}`;
  const redisUrl = `redis://127.0.0.1:${redis.port}`;
  const infra = {
    mode: 'loopback',
    natsUrl,
    redisUrl,
    nats,
    redis,
    env: { DATABASE_URL: pair.primary.url, NATS_URL: natsUrl, REDIS_URL: redisUrl },
  } as unknown as TestInfra;
  services = await startAllServices(infra, { DATABASE_READ_URL: pair.standby.url });
  gateway = await startGateway(infra);
  http = request(gateway.getHttpServer());
}, 180_000);

afterAll(async () => {
  await onStandby('SELECT pg_wal_replay_resume()').catch(() => undefined);
  await gateway?.close().catch(() => undefined);
  for (const s of Object.values(services ?? {}).reverse()) await s.close().catch(() => undefined);
  await Promise.all([pair?.stop(), nats?.destroy(), redis?.destroy()]);
});

it("reads lists from the standby, and the seller's own from the primary while the standby lags", async () => {
  const [seller, stranger] = [await register(http, unique('rs')), await register(http, unique('rb'))];
  const first = await create(seller);
  // Replayed on the standby: everyone finds it.
  await eventually(async () => expect((await search()).ids).toEqual([first]), 30_000, 200);
  // Catalog's list reads hold connections on the standby (its read pool).
  const readers = await onStandby<{ n: string }>(
    "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'catalog-read'",
  );
  expect(Number(readers[0].n)).toBeGreaterThan(0);

  await onStandby('SELECT pg_wal_replay_pause()');
  await eventually(async () => {
    const [row] = await onStandby<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
    expect(row.state).toBe('paused');
  }, 30_000);
  // Commits still return (the standby receives and flushes WAL; only its replay is paused).
  const second = await create(seller);
  expect(await pair.standbyLag()).toBeGreaterThan(0);

  // Its seller, who just wrote, reads the primary: search, its total and their shop show the new listing.
  expect(await search(seller.cookie)).toEqual({ ids: [first, second].sort(), total: 2 });
  expect(await shop(seller, seller.cookie)).toEqual([first, second].sort());
  // Anyone else reads the standby, where it is not yet: a guest, and a signed-in member who wrote nothing.
  expect(await search()).toEqual({ ids: [first], total: 1 });
  expect(await search(stranger.cookie)).toEqual({ ids: [first], total: 1 });
  expect(await shop(seller)).toEqual([first]);
  expect(await shop(seller, stranger.cookie)).toEqual([first]);
  // The seller's fresh read filled no cache the others read: a guest asking again still reads the standby.
  expect((await search()).ids).toEqual([first]);

  await onStandby('SELECT pg_wal_replay_resume()');
  await eventually(
    async () => {
      expect(await search()).toEqual({ ids: [first, second].sort(), total: 2 });
      expect(await shop(seller, stranger.cookie)).toEqual([first, second].sort());
    },
    60_000,
    250,
  );
}, 240_000);
