import { localNatsServerConfig, natsServerPasswordEnv, type NatsPasswords } from '@souvenir/platform';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import { TestDatabase } from './postgres';
import type { Restartable, TestInfra } from './test-infra';

/** Restarting a container keeps its address but may change the mapped port, so tests treat it as stop+start. */
function restartable(container: StartedTestContainer): Restartable {
  return {
    stop: async () => {
      await container.restart({ timeout: 0 });
    },
    start: async () => undefined,
  };
}

/** NATS with JetStream, anonymous or, given passwords, with the product's users and permissions. */
function natsContainer(natsPasswords: NatsPasswords | undefined): GenericContainer {
  const nats = new GenericContainer('nats:2.10-alpine').withExposedPorts(4222);
  if (!natsPasswords) return nats.withCommand(['-js']);
  // Every interface of the container: its mapped port does not reach the container's loopback.
  const config = localNatsServerConfig({ host: '0.0.0.0', port: 4222, storeDir: '/data' });
  return nats
    .withCopyContentToContainer([{ content: config, target: '/etc/nats/nats.conf' }])
    .withEnvironment(natsServerPasswordEnv(natsPasswords))
    .withCommand(['-c', '/etc/nats/nats.conf']);
}

/** Postgres, NATS with JetStream and Redis in containers (used where a Docker engine exists). */
export async function startContainers(natsPasswords?: NatsPasswords): Promise<TestInfra> {
  await getContainerRuntimeClient();
  const [pg, nats, redis] = await Promise.all([
    new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    natsContainer(natsPasswords).start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
  ]);
  const database = await TestDatabase.create(`postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`);
  const natsUrl = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
  const redisUrl = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  return {
    mode: 'containers',
    database,
    natsUrl,
    redisUrl,
    nats: restartable(nats),
    redis: restartable(redis),
    natsPasswords,
    env: { DATABASE_URL: database.url, NATS_URL: natsUrl, REDIS_URL: redisUrl },
    async stop() {
      await Promise.all([pg.stop(), nats.stop(), redis.stop()]);
    },
  };
}
