import { existsSync } from 'node:fs';
import { generateNatsPasswords, type NatsPasswords } from '@souvenir/platform';
import { startNatsCluster, type NatsCluster } from './nats-cluster';
import { startNatsServer, startNatsServerWithUsers, startRedisServer } from './processes';
import { TestDatabase } from './postgres';

/** A server a test can stop and start again (on the same address), to prove recovery. */
export interface Restartable {
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Real Postgres, NATS (JetStream) and Redis for one test suite, isolated from every other suite. */
export interface TestInfra {
  /** Where the suite's database runs: Testcontainers or the loopback servers. */
  mode: 'containers' | 'loopback';
  database: TestDatabase;
  natsUrl: string;
  redisUrl: string;
  nats: Restartable;
  redis: Restartable;
  /**
   * With `natsUsers`, each NATS user's password: the server refuses anonymous clients and grants each user only its
   * subjects (as npm start, compose and Kubernetes do); scripts/stack.mjs gives every process its own.
   */
  natsPasswords?: NatsPasswords;
  /** With `natsCluster`, its three nodes (`nats` is the first). */
  natsCluster?: NatsCluster;
  /** Environment variables that point a process at this infra (credentials excepted: see natsPasswords). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function dockerReachable(): boolean {
  if (process.env.TESTCONTAINERS === '0') return false;
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

export interface TestInfraOptions {
  /**
   * NATS with the product's users and permissions (the whole product as child processes: scripts/stack.mjs). Without
   * it NATS is anonymous, for suites that boot services in-process and speak to them directly.
   */
  natsUsers?: boolean;
  /**
   * Three clustered NATS servers on loopback and the event stream at three replicas, as Kubernetes runs them (the
   * bench's `--nats-cluster`); never in containers.
   */
  natsCluster?: boolean;
}

/**
 * Testcontainers when a Docker engine is reachable (GitHub runners); otherwise this machine's Postgres with
 * a fresh database, plus a NATS and a Redis server started for the suite on free loopback ports.
 */
export async function startTestInfra({
  natsUsers = false,
  natsCluster = false,
}: TestInfraOptions = {}): Promise<TestInfra> {
  const natsPasswords = natsUsers ? generateNatsPasswords() : undefined;
  if (natsCluster) return startClusteredInfra(natsPasswords);
  if (dockerReachable()) {
    // Loaded only here: testcontainers pulls in a Docker client that machines without Docker never need.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startContainers } = require('./containers') as typeof import('./containers');
    const containers = await startContainers(natsPasswords).catch(() => null);
    if (containers) return containers;
  }
  const [database, nats, redis] = await Promise.all([
    TestDatabase.create(POSTGRES_URL),
    natsPasswords ? startNatsServerWithUsers(natsPasswords) : startNatsServer(),
    startRedisServer(),
  ]);
  const natsUrl = `nats://127.0.0.1:${nats.port}`;
  const redisUrl = `redis://127.0.0.1:${redis.port}`;
  return {
    mode: 'loopback',
    database,
    natsUrl,
    redisUrl,
    nats,
    redis,
    natsPasswords,
    env: { DATABASE_URL: database.url, NATS_URL: natsUrl, REDIS_URL: redisUrl },
    async stop() {
      await Promise.all([nats.destroy(), redis.destroy()]);
      await database.drop();
    },
  };
}

async function startClusteredInfra(natsPasswords: NatsPasswords | undefined): Promise<TestInfra> {
  const [database, cluster, redis] = await Promise.all([
    TestDatabase.create(POSTGRES_URL),
    startNatsCluster({ passwords: natsPasswords }),
    startRedisServer(),
  ]);
  const redisUrl = `redis://127.0.0.1:${redis.port}`;
  return {
    mode: 'loopback',
    database,
    natsUrl: cluster.url,
    redisUrl,
    nats: cluster.nodes[0]!,
    redis,
    natsPasswords,
    natsCluster: cluster,
    env: { DATABASE_URL: database.url, NATS_URL: cluster.url, REDIS_URL: redisUrl, EVENT_STREAM_REPLICAS: '3' },
    async stop() {
      await Promise.all([cluster.stop(), redis.destroy()]);
      await database.drop();
    },
  };
}
