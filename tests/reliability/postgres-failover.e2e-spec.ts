// The Postgres primary lost and its synchronous standby promoted while sellers list and the rest of the product's
// traffic goes on (tests/support/traffic.ts), the services reaching the database through a proxy that stands in for
// the cluster's read-write service (as CloudNativePG's `-rw` Service follows the new primary). Writes fail with 503
// for the switch, never 500; every acknowledged write is on the new primary and reaches consumers; every card
// payment ends with its order paid, or neither; the services recover without a restart.
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
import { TcpProxy } from '../support/tcp-proxy';
import { callIn, expectPaymentsWhole, phaseFigures, startTraffic, unpublishedOutboxRows } from '../support/traffic';
import { type Account, listing, register, startAllServices, unique } from '../support/world';

let pair: PostgresPair;
let proxy: TcpProxy;
let nats: LocalServer;
let redis: LocalServer;
let services: Record<string, INestApplication>;
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let buyer: Account;

/** How long the load goes on after the switch, at least: the traffic meets the new primary too. */
const AFTER_MS = 6_000;
const PHASES = ['before', 'switching', 'after'] as const;

/** A query on whichever server is the primary now (through the proxy). */
async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${proxy.port}/postgres` });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  [pair, nats, redis] = await Promise.all([startPostgresPair(), startNatsServer(), startRedisServer()]);
  proxy = await TcpProxy.start({ host: '127.0.0.1', port: pair.primary.port });
  const databaseUrl = `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;
  const natsUrl = `nats://127.0.0.1:${nats.port}`;
  const redisUrl = `redis://127.0.0.1:${redis.port}`;
  const infra = {
    mode: 'loopback',
    natsUrl,
    redisUrl,
    nats,
    redis,
    env: { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, REDIS_URL: redisUrl },
  } as unknown as TestInfra;
  services = await startAllServices(infra, { RPC_TIMEOUT_MS: '2500' });
  // The load is the product's own traffic: write limits meant for one person would refuse most of it.
  const unlimited = '100000/60';
  gateway = await startGateway(infra, {
    RPC_TIMEOUT_MS: '2500',
    WRITE_LIMIT_LISTINGS: unlimited,
    WRITE_LIMIT_FAVOURITES: unlimited,
    WRITE_LIMIT_MESSAGES: unlimited,
    WRITE_LIMIT_PAYMENT_INTENTS: unlimited,
    UNVERIFIED_WRITE_ALLOWANCE: '100000',
  });
  http = request(gateway.getHttpServer());
  seller = await register(http, unique('pgf'));
  buyer = await register(http, unique('pgb'));
}, 180_000);

afterAll(async () => {
  await gateway?.close().catch(() => undefined);
  for (const s of Object.values(services ?? {}).reverse()) await s.close().catch(() => undefined);
  await proxy?.cut();
  await Promise.all([pair?.stop(), nats?.destroy(), redis?.destroy()]);
});

it('fails writes with 503 during a failover to the synchronous standby, loses no acknowledged write, and recovers', async () => {
  const acknowledged: string[] = [];
  const samples: { phase: string; status: number; ms: number }[] = [];
  let phase: (typeof PHASES)[number] = 'before';
  let switchedAt = Infinity;
  const call = callIn(http);
  const traffic = startTraffic({
    call: (_second, method, path, options) => call(method, path, options),
    seller,
    buyer,
    phaseOf: () => phase,
    listed: () => acknowledged,
  });
  const deadline = Date.now() + 120_000;
  const writer = async () => {
    while ((acknowledged.length < 30 || Date.now() - switchedAt < AFTER_MS) && Date.now() < deadline) {
      const started = Date.now();
      const res = await http
        .post('/api/products')
        .set('Cookie', seller.cookie)
        .send(listing(`Failover ${unique('t')}`));
      samples.push({ phase, status: res.status, ms: Date.now() - started });
      if (res.status === 201) acknowledged.push(res.body.id);
      else {
        expect([res.status, res.body.statusCode]).toEqual([503, 503]);
        await new Promise((r) => setTimeout(r, 100));
      }
      if (phase === 'before' && acknowledged.length >= 10) {
        phase = 'switching';
        await pair.promoteStandby();
        await proxy.switchTo({ host: '127.0.0.1', port: pair.standby.port });
        [phase, switchedAt] = ['after', Date.now()];
      }
    }
  };
  let outcome: Awaited<ReturnType<typeof traffic.stop>>;
  try {
    await Promise.all([writer(), writer()]);
  } finally {
    outcome = await traffic.stop();
  }
  expect(outcome.wrong).toEqual([]);
  expect(acknowledged.length).toBeGreaterThanOrEqual(30);
  // The figures docs/reliability.md reports.
  const figures = { listing: phaseFigures(PHASES, samples), ...outcome.figures(PHASES) };
  console.log(`Postgres failover: ${JSON.stringify(figures)}`);

  // Every acknowledged listing is on the new primary (commits waited for the standby), and reaches consumers.
  const rows = await query<{ id: string }>('SELECT id FROM catalog.products WHERE id = ANY($1)', [acknowledged]);
  expect(rows.map((r) => r.id).sort()).toEqual([...new Set(acknowledged)].sort());
  await eventually(
    async () => {
      expect(await unpublishedOutboxRows(query)).toEqual([]);
      const missing = await query(
        'SELECT p.id FROM catalog.products p LEFT JOIN messaging.products m ON m.id = p.id WHERE m.id IS NULL',
      );
      expect(missing).toEqual([]);
    },
    60_000,
    250,
  );
  await expectPaymentsWhole(
    { call: (_second, method, path, options) => call(method, path, options), query },
    { checkouts: outcome.checkouts, shipped: outcome.shipped },
  );
  // Recovered without a restart: a sign-in (identity, Redis) and a favourite (favourites, catalog) work.
  const newcomer = await register(http, unique('pgn'));
  await http.post('/api/favorites').set('Cookie', newcomer.cookie).send({ productId: acknowledged[0] }).expect(201);
}, 300_000);
