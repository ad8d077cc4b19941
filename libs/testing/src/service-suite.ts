import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { RpcClient, ServiceConfig } from '@souvenir/platform';
import { rpcClient, startService } from './service-harness';
import { standIn } from './stand-in';
import { startTestInfra, type TestInfra, type TestInfraOptions } from './test-infra';

/** A service as `main.ts` boots it: its name, its AppModule (anything with `register(config)`) and its config class. */
export interface ServiceUnderTest<C extends ServiceConfig = ServiceConfig> {
  name: string;
  module: { register(config: C): unknown };
  config: new () => C;
  env?: Record<string, string>;
}

export interface ServiceSuiteOptions {
  /** Extra environment for the service under test (on top of the infra's and the test defaults). */
  env?: Record<string, string>;
  /** Services started first, in this order (the ones the service asks or listens to); closed after it. */
  before?: ServiceUnderTest[];
  /** How long an RPC waits for its answer. */
  rpcTimeoutMs?: number;
  infra?: TestInfraOptions;
  /** For the set-up itself (several services, migrations): jest's default hook timeout is the test timeout. */
  setupTimeoutMs?: number;
  /**
   * What the spec opened itself (clients, stubs), closed before the services and the infra. A spec's own `afterAll`
   * would run too late: jest runs a block's `afterAll`s in the order they were declared, this suite's first.
   */
  cleanUp?: () => Promise<unknown>;
}

/** What a suite's tests use: each is there from the suite's `beforeAll` on. */
export interface ServiceSuite {
  infra: TestInfra;
  /** The service under test. */
  app: INestApplication;
  /** Every service started, the one under test last. */
  apps: INestApplication[];
  /** Request/reply over the suite's NATS, as the gateway sends it. */
  rpc: RpcClient;
  /** A plain connection to the suite's NATS, to publish events as another service's relay would. */
  nc: NatsConnection;
  /** Closes the service under test and starts it again with more environment; `app` is then the new one. */
  restart(env?: Record<string, string>): Promise<INestApplication>;
}

/**
 * Fresh infra, the services booted in-process against it, an RPC client and a NATS connection before the suite's
 * tests, all closed after them (in reverse order): the `beforeAll`/`afterAll` every integration suite needs.
 *
 * Call it at the top level of the spec and destructure what the tests use:
 * `const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, ReviewsConfig)`. The values are stand-ins that reach
 * the real objects once `beforeAll` has run (the spec's own `beforeAll`s, registered after this call, run later), so
 * module-level helpers can use them as they used the suite's variables; reaching one earlier throws.
 */
export function serviceSuite<C extends ServiceConfig>(
  name: string,
  module: { register(config: C): unknown },
  config: new () => C,
  {
    env = {},
    before = [],
    rpcTimeoutMs,
    infra: infraOptions,
    setupTimeoutMs = 120_000,
    cleanUp,
  }: ServiceSuiteOptions = {},
): ServiceSuite {
  const state: Partial<ServiceSuite> & { closeRpc?: () => Promise<void> } = { apps: [] };

  const start = (service: ServiceUnderTest, extraEnv: Record<string, string> = {}) => {
    const register = service.module.register.bind(service.module) as (config: ServiceConfig) => unknown;
    return startService(service.name, service.config, register, state.infra!, { ...service.env, ...extraEnv });
  };
  const underTest = { name, module, config, env } as ServiceUnderTest;

  beforeAll(async () => {
    state.infra = await startTestInfra(infraOptions);
    for (const service of [...before, underTest]) state.apps!.push(await start(service));
    state.app = state.apps!.at(-1);
    ({ rpc: state.rpc, close: state.closeRpc } = await rpcClient(state.infra, rpcTimeoutMs));
    state.nc = await connect({ servers: state.infra.natsUrl });
  }, setupTimeoutMs);

  afterAll(async () => {
    await cleanUp?.();
    await state.nc?.close();
    await state.closeRpc?.();
    for (const app of [...state.apps!].reverse()) await app.close();
    await state.infra?.stop();
  });

  const standInFor = <K extends 'infra' | 'app' | 'rpc' | 'nc'>(key: K): ServiceSuite[K] =>
    standIn(() => state[key] as ServiceSuite[K] | undefined, `serviceSuite: ${key}`);
  return {
    infra: standInFor('infra'),
    app: standInFor('app'),
    apps: state.apps!,
    rpc: standInFor('rpc'),
    nc: standInFor('nc'),
    async restart(extraEnv = {}) {
      await state.app!.close();
      state.app = await start(underTest, extraEnv);
      state.apps![state.apps!.length - 1] = state.app;
      return state.app;
    },
  };
}
