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
import {
  eventually,
  readStreamEvents,
  startGatewayProcess,
  startTestInfra,
  startService,
  type NatsCluster,
  type ServiceProcess,
  type TestInfra,
} from '@souvenir/testing';
import request from 'supertest';
import { startGateway } from '../../gateway/test/gateway-harness';
import {
  type Answer,
  callIn,
  type Checkout,
  expectPaymentsWhole,
  phaseFigures,
  type Query,
  startTraffic,
  unpublishedOutboxRows,
} from '../support/traffic';
import { type Account, listing, register, startAllServices, unique } from '../support/world';

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
  infra = await startTestInfra({ natsCluster: true });
  cluster = infra.natsCluster!;
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

/** A request through the first gateway (in this process) or the second (its own process). */
async function call(
  throughSecond: boolean,
  method: 'GET' | 'POST',
  path: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  if (!throughSecond) return callIn(http)(method, path, { cookie, body });
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

const query: Query = (sql, params) => infra.database.query(sql, params);

type Phase = 'before' | 'down' | 'healed';
const PHASES: readonly Phase[] = ['before', 'down', 'healed'];

const list = (throughSecond: boolean, title: string) =>
  call(throughSecond, 'POST', '/api/products', { cookie: seller.cookie, body: listing(title) });

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
  const traffic = startTraffic({ call, seller, buyer, phaseOf: () => phase, listed: () => created });
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
  console.log(`${label}: ${JSON.stringify({ listing: phaseFigures(PHASES, samples), ...figures(PHASES) })}`);
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
      expect(await unpublishedOutboxRows(query)).toEqual([]);
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
  await expectPaymentsWhole(
    { call, query: (sql, params) => infra.database.query(sql, params) },
    { checkouts, shipped },
  );
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
  await expectPaymentsWhole(
    { call, query: (sql, params) => infra.database.query(sql, params) },
    { checkouts, shipped },
  );
  await cluster.streamSettled(STREAM, 60_000);
  expect(await cluster.streamLeader(STREAM)).not.toBe(leader);
}, 360_000);
