// The product on a three-node NATS cluster (as Kubernetes runs it), the event stream at three replicas, every service
// and the gateway in two replicas (one in this process, one as its own process from its build): a node killed and
// restarted, then the stream's leader killed, while sellers keep listing through both gateways and the rest of the
// product's traffic goes on (guests browsing and searching, a buyer favouriting and messaging, guests paying by card,
// the seller shipping). Clients fail over to the other nodes, the stream keeps its quorum, nothing committed is lost
// or published twice (two outbox relays and two consumers per durable share the work), every consumer catches up,
// and every card payment ends with its order paid, or neither.
import type { INestApplication } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { SOLD_STATUSES } from '@souvenir/contracts';
import {
  eventually,
  readStreamEvents,
  startNatsCluster,
  startGatewayProcess,
  startRedisServer,
  startService,
  TestDatabase,
  type NatsCluster,
  type ServiceProcess,
  type TestInfra,
} from '@souvenir/testing';
import request from 'supertest';
import { goodCard, startGateway } from '../../gateway/test/gateway-harness';
import { type Account, guestInfo, listing, register, startAllServices, unique } from '../support/world';

const STREAM = 'EVENTS';
let cluster: NatsCluster;
let infra: TestInfra;
let services: Record<string, INestApplication>;
let gateway: INestApplication;
let http: ReturnType<typeof request>;
/** The second replica of every service and of the gateway. */
const replicas: ServiceProcess[] = [];
let seller: Account;
let buyer: Account;

// The load is the product's own traffic: write limits meant for one person would refuse most of it.
const UNLIMITED = '100000/60';
/** How long each phase of a fault (before, down, healed) lasts at least. */
const PHASE_MS = 6_000;
const GATEWAY_ENV = {
  RPC_TIMEOUT_MS: '2500',
  WRITE_LIMIT_LISTINGS: UNLIMITED,
  WRITE_LIMIT_FAVOURITES: UNLIMITED,
  WRITE_LIMIT_MESSAGES: UNLIMITED,
  WRITE_LIMIT_PAYMENT_INTENTS: UNLIMITED,
  UNVERIFIED_WRITE_ALLOWANCE: '100000',
};

const SERVICES = [
  'identity',
  'catalog',
  'favourites',
  'messaging',
  'payments',
  'reviews',
  'moderation',
  'alerts',
  'notifications',
] as const;

beforeAll(async () => {
  const [database, redis] = await Promise.all([
    TestDatabase.create(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
    startRedisServer(),
  ]);
  cluster = await startNatsCluster();
  const redisUrl = `redis://127.0.0.1:${redis.port}`;
  infra = {
    mode: 'loopback',
    database,
    natsUrl: cluster.url,
    redisUrl,
    nats: cluster.nodes[0]!,
    redis,
    env: { DATABASE_URL: database.url, NATS_URL: cluster.url, REDIS_URL: redisUrl },
    async stop() {
      await Promise.all([cluster.stop(), redis.destroy()]);
      await database.drop();
    },
  };
  const env = { EVENT_STREAM_REPLICAS: '3', RPC_TIMEOUT_MS: '2500' };
  services = await startAllServices(infra, env);
  gateway = await startGateway(infra, GATEWAY_ENV);
  http = request(gateway.getHttpServer());
  // One at a time: each runs its start-up (schema checks, consumers) on a machine the first replicas already load.
  for (const name of SERVICES) replicas.push((await startService(name, infra, env)) as ServiceProcess);
  replicas.push(await startGatewayProcess(infra, GATEWAY_ENV));
  seller = await register(http, unique('cls'));
  buyer = await register(http, unique('clb'));
}, 420_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop().catch(() => undefined)));
  await gateway?.close().catch(() => undefined);
  for (const s of Object.values(services ?? {}).reverse()) await s.close().catch(() => undefined);
  await infra?.stop();
});

async function streamReplicas(): Promise<number> {
  const nc = await connect({ servers: cluster.url.split(',') });
  try {
    return (await (await jetstreamManager(nc)).streams.info(STREAM)).config.num_replicas;
  } finally {
    await nc.close();
  }
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A request through the first gateway (in this process) or the second (its own process). */
async function call(
  throughSecond: boolean,
  method: 'GET' | 'POST',
  path: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  if (!throughSecond) {
    const req = method === 'GET' ? http.get(path) : http.post(path).send(body as object);
    if (cookie) req.set('Cookie', cookie);
    const res = await req;
    return { status: res.status, body: res.body as Record<string, unknown> };
  }
  try {
    const res = await fetch(`${replicas.at(-1)!.url}${path}`, {
      method,
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch (error) {
    throw new Error(`the second gateway did not answer ${method} ${path}: ${String(error)}`);
  }
}

const list = (throughSecond: boolean, title: string) =>
  call(throughSecond, 'POST', '/api/products', { cookie: seller.cookie, body: listing(title) });

type Phase = 'before' | 'down' | 'healed';
type Kind = 'browse' | 'favourite' | 'message' | 'checkout' | 'ship';

/** A guest's card payment: `confirmed` says whether the card step answered (a 503 leaves it unknown). */
interface Checkout {
  productId: string;
  paymentIntentId: string;
  clientSecret: string;
  confirmed: boolean;
}

/**
 * The rest of the product's traffic while the sellers list, one loop per kind, alternating the gateways: guests
 * browse and search, a buyer favourites what was listed and messages its seller, guests pay for listings of their
 * own by card (the test-mode provider) and the seller ships what was paid for. Every answer is a success or a 503 with a sentence, never a 500 or a hang; a request
 * that failed is not retried here (the checks at the end hold whatever state it left).
 */
function startTraffic(phaseOf: () => Phase, listed: () => string[]) {
  const samples: { kind: Kind; phase: Phase; status: number; ms: number }[] = [];
  const checkouts: Checkout[] = [];
  /** Paid orders waiting for their seller to ship them, and those the gateway answered shipped. */
  const toShip: string[] = [];
  const shipped: string[] = [];
  const wrong: string[] = [];
  let running = true;

  const send = async (kind: Kind, throughSecond: boolean, method: 'GET' | 'POST', path: string, options = {}) => {
    const phase = phaseOf();
    const started = Date.now();
    const res = await call(throughSecond, method, path, options);
    samples.push({ kind, phase, status: res.status, ms: Date.now() - started });
    if (res.status >= 500 && (res.status !== 503 || typeof res.body.message !== 'string'))
      wrong.push(`${kind} ${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  };

  const checkout = async (turn: number) => {
    const second = turn % 2 === 1;
    const product = await send('checkout', second, 'POST', '/api/products', {
      cookie: seller.cookie,
      body: listing(`Paid for ${unique('c')}`, { price: 12 }),
    });
    if (product.status !== 201) return;
    const productId = product.body.id as string;
    const intent = await send('checkout', second, 'POST', '/api/create-payment-intent', {
      body: { productId, amount: '12.00', guestInfo: { ...guestInfo, email: `${unique('g')}@example.com` } },
    });
    if (intent.status !== 200) return;
    const { paymentIntentId, clientSecret } = intent.body as { paymentIntentId: string; clientSecret: string };
    const confirm = await send('checkout', !second, 'POST', '/api/payments/test-confirm', {
      body: { clientSecret, card: goodCard },
    });
    checkouts.push({ productId, paymentIntentId, clientSecret, confirmed: confirm.status === 200 });
    const paid = await send('checkout', second, 'POST', '/api/payments/reconcile', {
      body: { paymentIntentId, clientSecret },
    });
    if (paid.body.status === 'paid') toShip.push(paid.body.orderId as string);
  };

  const steps: Record<Kind, (turn: number) => Promise<unknown>> = {
    browse: (turn) =>
      send('browse', turn % 2 === 1, 'GET', turn % 4 < 2 ? '/api/products' : `/api/products?search=souvenir${turn}`),
    favourite: async (turn) => {
      const ids = listed();
      if (ids.length === 0) return;
      const productId = ids[turn % ids.length];
      await send('favourite', turn % 2 === 1, 'POST', '/api/favorites', { cookie: buyer.cookie, body: { productId } });
    },
    message: async (turn) => {
      const ids = listed();
      if (ids.length === 0) return;
      await send('message', turn % 2 === 1, 'POST', '/api/messages', {
        cookie: buyer.cookie,
        body: { toUserId: seller.id, productId: ids[turn % ids.length], content: `Is it still available? (${turn})` },
      });
    },
    checkout,
    ship: async (turn) => {
      const orderId = toShip.shift();
      if (!orderId) return;
      const res = await send('ship', turn % 2 === 1, 'POST', `/api/orders/${orderId}/ship`, {
        cookie: seller.cookie,
        body: { carrier: 'DHL', trackingNumber: `JD${turn}` },
      });
      // A seller tries again after an outage.
      (res.status === 200 ? shipped : toShip).push(orderId);
    },
  };
  const loops = Object.values(steps).map(async (step) => {
    for (let turn = 0; running; turn++) {
      await step(turn).catch((error: unknown) => wrong.push(String(error)));
      await new Promise((r) => setTimeout(r, 150));
    }
  });

  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      const figures = Object.fromEntries(
        (Object.keys(steps) as Kind[]).map((kind) => [kind, phaseFigures(samples.filter((x) => x.kind === kind))]),
      );
      return { checkouts, shipped, figures, wrong };
    },
  };
}

/** Requests, failures and p95 ms per phase of the fault. */
function phaseFigures(samples: { phase: Phase; status: number; ms: number }[]) {
  return Object.fromEntries(
    (['before', 'down', 'healed'] as const).map((p) => {
      const of = samples.filter((x) => x.phase === p);
      const ms = of.map((x) => x.ms).sort((a, b) => a - b);
      const p95 = ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)] ?? 0;
      return [p, { requests: of.length, failed: of.filter((x) => x.status >= 300).length, p95 }];
    }),
  );
}

/**
 * Two writers, one per gateway, list until at least `count` products are committed, retrying what fails (as a client
 * would), while the rest of the traffic runs; a third of the way `fault` runs (a node killed), two thirds of the way
 * `heal` (given what was committed so far).
 */
async function listThrough(
  label: string,
  count: number,
  fault: () => Promise<void>,
  heal: (createdWhileDown: string[]) => Promise<void>,
): Promise<{ created: string[]; checkouts: Checkout[]; shipped: string[] }> {
  const created: string[] = [];
  const samples: { phase: Phase; status: number; ms: number }[] = [];
  let phase: Phase = 'before';
  let phaseStarted = Date.now();
  // Each phase also lasts long enough for the rest of the traffic to go on in it, not only the listings.
  const due = (share: number) => created.length >= count * share && Date.now() - phaseStarted >= PHASE_MS;
  const traffic = startTraffic(
    () => phase,
    () => created,
  );
  const deadline = Date.now() + 180_000;
  const writer = async (throughSecond: boolean) => {
    while (!(phase === 'healed' && due(1)) && Date.now() < deadline) {
      const started = Date.now();
      const res = await list(throughSecond, `${label} ${created.length} ${unique('t')}`);
      samples.push({ phase, status: res.status, ms: Date.now() - started });
      if (res.status === 201) created.push(res.body.id as string);
      else {
        // An outage answers 503 with a sentence, never a 500 or a hang.
        expect(res.status).toBe(503);
        await new Promise((r) => setTimeout(r, 100));
      }
      if (phase === 'before' && due(1 / 3)) {
        [phase, phaseStarted] = ['down', Date.now()];
        await fault();
      } else if (phase === 'down' && due(2 / 3)) {
        [phase, phaseStarted] = ['healed', Date.now()];
        await heal([...created]);
      }
    }
  };
  let outcome: Awaited<ReturnType<typeof traffic.stop>>;
  try {
    await Promise.all([writer(false), writer(true)]);
  } finally {
    outcome = await traffic.stop();
  }
  const { checkouts, shipped, figures, wrong } = outcome;
  expect(wrong).toEqual([]);
  expect(phase).toBe('healed');
  // The figures docs/reliability.md reports (requests, errors and p95 ms of each kind before, during and after).
  console.log(`${label}: ${JSON.stringify({ listing: phaseFigures(samples), ...figures })}`);
  return { created, checkouts, shipped };
}

/** With a node down, events still reach consumers: the stream keeps its quorum on the other two. */
async function flowing(created: string[]): Promise<void> {
  await eventually(
    async () => {
      const rows = await infra.database.query<{ id: string }>('SELECT id FROM messaging.products WHERE id = ANY($1)', [
        created,
      ]);
      expect(rows.length).toBe(created.length);
    },
    // Consumers whose leader or connection was on the lost node pull again only after two missed heartbeats (10 s),
    // later on a loaded machine (docs/reliability.md).
    90_000,
    250,
  );
}

/** Every committed product published once (the stream drops the relay's retries by Nats-Msg-Id) and consumed. */
async function expectNothingLost(created: string[]): Promise<void> {
  // The second replicas lived through the fault (a crash would have left the first alone to do the work).
  expect(replicas.filter((r) => !r.running()).map((r) => r.name)).toEqual([]);
  await eventually(
    async () => {
      expect(await unpublishedOutboxRows()).toEqual([]);
      const missing = await infra.database.query(
        `SELECT p.id FROM catalog.products p LEFT JOIN messaging.products m ON m.id = p.id WHERE m.id IS NULL`,
      );
      expect(missing).toEqual([]);
    },
    60_000,
    250,
  );
  const committed = await infra.database.query<{ id: string }>('SELECT id FROM catalog.products');
  expect(committed.map((r) => r.id)).toEqual(expect.arrayContaining(created));
  // The restarted node has caught up before the stream is read (a JetStream request through it would time out).
  await cluster.streamSettled(STREAM, 60_000);
  const listed = await eventually(
    () => readStreamEvents<{ productId?: string; id?: string }>(infra, 'events.catalog.product.listed'),
    30_000,
    500,
  );
  const ids = listed.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(listed.length).toBe(committed.length);
  await expectConsumersCaughtUp();
}

/** Each service's outbox rows not yet published, as `<schema>: <count>`. */
async function unpublishedOutboxRows(): Promise<string[]> {
  const schemas = await infra.database.query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox_events'`,
  );
  const counts = await Promise.all(
    schemas.map(async ({ schema }) => {
      const [{ n }] = await infra.database.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${schema}.outbox_events WHERE published_at IS NULL`,
      );
      return `${schema}: ${n}`;
    }),
  );
  return counts.filter((count) => !count.endsWith(': 0'));
}

/** Every durable consumer of the stream has had every event delivered and acknowledged. */
async function expectConsumersCaughtUp(): Promise<void> {
  const nc = await connect({ servers: cluster.url.split(',') });
  try {
    const jsm = await jetstreamManager(nc);
    await eventually(
      async () => {
        const behind: string[] = [];
        for await (const info of jsm.consumers.list(STREAM))
          if (info.num_pending + info.num_ack_pending > 0)
            behind.push(`${info.name}: ${info.num_pending} pending, ${info.num_ack_pending} unacknowledged`);
        expect(behind).toEqual([]);
      },
      60_000,
      500,
    );
  } finally {
    await nc.close();
  }
}

/**
 * Every card payment of the load ended whole: once each guest's success page has asked again (as it does when it
 * loads), an order is sold exactly when its card payment succeeded, a card the provider confirmed is a sold order,
 * catalog marks each sold item sold, and every order the seller was told is shipped is shipped.
 */
async function expectPaymentsWhole(checkouts: Checkout[], shipped: string[]): Promise<void> {
  expect(checkouts.filter((c) => c.confirmed).length).toBeGreaterThan(0);
  const [{ n }] = await infra.database.query<{ n: string }>(
    `SELECT count(*) AS n FROM payments.orders WHERE id = ANY($1) AND status = 'shipped'`,
    [shipped],
  );
  expect(Number(n)).toBe(shipped.length);
  for (const { paymentIntentId, clientSecret } of checkouts)
    await eventually(
      async () => {
        const res = await call(false, 'POST', '/api/payments/reconcile', { body: { paymentIntentId, clientSecret } });
        expect(res.status).toBe(200);
      },
      30_000,
      500,
    );
  const sold: readonly string[] = SOLD_STATUSES;
  const productIds = checkouts.map((c) => c.productId);
  const paid = await eventually(
    async () => {
      const rows = await infra.database.query<{ productId: string; order: string; card: string }>(
        `SELECT o.product_id AS "productId", o.status AS order, t.status AS card
           FROM payments.orders o JOIN payments.test_intents t ON t.id = o.provider_payment_id
          WHERE o.product_id = ANY($1)`,
        [productIds],
      );
      expect(rows.filter((r) => sold.includes(r.order) !== (r.card === 'succeeded'))).toEqual([]);
      return rows.filter((r) => sold.includes(r.order)).map((r) => r.productId);
    },
    60_000,
    500,
  );
  expect(checkouts.filter((c) => c.confirmed && !paid.includes(c.productId))).toEqual([]);
  await eventually(
    async () => {
      const unsold = await infra.database.query(
        `SELECT id, status FROM catalog.products WHERE id = ANY($1) AND status <> 'sold'`,
        [paid],
      );
      expect(unsold).toEqual([]);
    },
    60_000,
    500,
  );
}

it('keeps the event stream at three replicas on the cluster', async () => {
  await cluster.streamSettled(STREAM);
  expect(await streamReplicas()).toBe(3);
});

it('loses nothing when a node that does not lead the stream is killed and restarted mid-load', async () => {
  const leader = await cluster.streamLeader(STREAM);
  const victim = cluster.nodes[(leader + 1) % 3]!;
  const { created, checkouts, shipped } = await listThrough(
    'Node down',
    30,
    () => victim.stop(),
    (createdWhileDown) => flowing(createdWhileDown).then(() => victim.start()),
  );
  await expectNothingLost(created);
  await expectPaymentsWhole(checkouts, shipped);
  await cluster.streamSettled(STREAM, 60_000);
}, 360_000);

it("loses nothing when the stream's leader is killed mid-load (a follower takes over) and comes back", async () => {
  const leader = await cluster.streamLeader(STREAM);
  const victim = cluster.nodes[leader]!;
  const { created, checkouts, shipped } = await listThrough(
    'Leader down',
    30,
    () => victim.stop(),
    (createdWhileDown) => flowing(createdWhileDown).then(() => victim.start()),
  );
  await expectNothingLost(created);
  await expectPaymentsWhole(checkouts, shipped);
  await cluster.streamSettled(STREAM, 60_000);
  expect(await cluster.streamLeader(STREAM)).not.toBe(leader);
}, 360_000);
