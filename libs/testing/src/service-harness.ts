import type { INestApplication } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { RpcClient, bootstrapService, loadConfig, type ServiceConfig } from '@souvenir/platform';
import { eventually } from './eventually';
import { startServiceProcess, type ServiceName, type ServiceProcess } from './service-process';
import type { TestInfra } from './test-infra';

/** catalog's and messaging's new-account thresholds, out of the way of suites that do not test them. */
export const NEW_ACCOUNT_VELOCITY_OFF = {
  NEW_ACCOUNT_LISTINGS_PER_HOUR: '100000',
  NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR: '100000',
} as const;

/**
 * A domain service for a black-box suite (the gateway's): by name, as its own process from its build
 * (`startServiceProcess`), e.g. `startService('catalog', infra, { SOME_VAR: '1' })`.
 */
export function startService(
  name: ServiceName,
  infra: TestInfra,
  env?: Record<string, string>,
): Promise<ServiceProcess>;
/** A domain service booted in-process against the suite's infra, exactly as `main.ts` boots it (its own tests). */
export function startService<C extends ServiceConfig>(
  name: string,
  configType: new () => C,
  register: (config: C) => unknown,
  infra: TestInfra,
  env?: Record<string, string>,
): Promise<INestApplication>;
export async function startService<C extends ServiceConfig>(
  name: string,
  ...rest:
    [TestInfra, Record<string, string>?] | [new () => C, (config: C) => unknown, TestInfra, Record<string, string>?]
): Promise<INestApplication | ServiceProcess> {
  if (typeof rest[0] !== 'function') {
    const [infra, env] = rest as [TestInfra, Record<string, string>?];
    return startServiceProcess(name as ServiceName, infra, env);
  }
  const [configType, register, infra, env = {}] = rest as [
    new () => C,
    (config: C) => unknown,
    TestInfra,
    Record<string, string>?,
  ];
  const config = loadConfig(configType, {
    ...infra.env,
    HTTP_PORT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Suites list and message a lot from freshly joined accounts; the velocity rule's own tests set these low.
    ...NEW_ACCOUNT_VELOCITY_OFF,
    ...env,
  });
  return bootstrapService(name, register(config), config);
}

/** A typed RPC client talking to the suite's NATS, as the gateway does. */
export async function rpcClient(
  infra: TestInfra,
  timeoutMs = 4000,
): Promise<{ rpc: RpcClient; close: () => Promise<void> }> {
  const nc = await connect({ servers: infra.natsUrl });
  return { rpc: new RpcClient(nc, timeoutMs), close: () => nc.close() };
}

/** Every event on the stream for a subject, read from JetStream (what consumers will receive). */
export async function readStreamEvents<T>(
  infra: TestInfra,
  subject: string,
  stream = 'EVENTS',
): Promise<{ id: string | undefined; data: T }[]> {
  const nc = await connect({ servers: infra.natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream);
    const events: { id: string | undefined; data: T }[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const msg = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (msg && msg.subject === subject) events.push({ id: msg.header?.get('Nats-Msg-Id'), data: msg.json<T>() });
    }
    return events;
  } finally {
    await nc.close();
  }
}

/**
 * Waits until the service owning `schema` has applied every event id (its consumer records each one in
 * `<schema>.processed_events`, in the handler's transaction). A test that asserts an event changed nothing waits for
 * this first: a bare sleep passes just as well when the consumer never received the event.
 */
export async function processed(infra: TestInfra, schema: string, ids: string[], timeoutMs = 10_000): Promise<void> {
  await eventually(async () => {
    const rows = await infra.database.query<{ event_id: string }>(
      `SELECT event_id FROM ${schema}.processed_events WHERE event_id = ANY($1)`,
      [ids],
    );
    expect(rows.map((r) => r.event_id).sort()).toEqual([...new Set(ids)].sort());
  }, timeoutMs);
}

/**
 * Waits until a durable consumer has been handed the stream's message `seq` (whatever its handler made of it): for an
 * event a test expects to be refused or retried, where no processed row will show that it arrived.
 */
export async function delivered(infra: TestInfra, durable: string, seq: number, stream = 'EVENTS'): Promise<void> {
  const nc = await connect({ servers: infra.natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    await eventually(async () =>
      expect((await jsm.consumers.info(stream, durable)).delivered.stream_seq).toBeGreaterThanOrEqual(seq),
    );
  } finally {
    await nc.close();
  }
}

/**
 * Waits until nothing is on its way: every row of the named services' outboxes published, then every named durable
 * consumer with nothing left to deliver and nothing unacknowledged. For a test asserting that an action announced
 * nothing that changed anything, when it does not know the events' ids.
 */
export async function settled(
  infra: TestInfra,
  { outboxes = [], consumers = [] }: { outboxes?: string[]; consumers?: string[] },
  stream = 'EVENTS',
): Promise<void> {
  for (const schema of outboxes)
    await eventually(async () => {
      const [{ n }] = await infra.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${schema}.outbox_events WHERE published_at IS NULL`,
      );
      expect(n).toBe(0);
    });
  const nc = await connect({ servers: infra.natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    for (const durable of consumers)
      await eventually(async () => {
        const info = await jsm.consumers.info(stream, durable);
        expect({ pending: info.num_pending, unacknowledged: info.num_ack_pending }).toEqual({
          pending: 0,
          unacknowledged: 0,
        });
      });
  } finally {
    await nc.close();
  }
}
