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

/** Postgres, NATS with JetStream and Redis in containers (used where a Docker engine exists). */
export async function startContainers(): Promise<TestInfra> {
  await getContainerRuntimeClient();
  const [pg, nats, redis] = await Promise.all([
    new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('nats:2.10-alpine').withCommand(['-js']).withExposedPorts(4222).start(),
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
    env: { DATABASE_URL: database.url, NATS_URL: natsUrl, REDIS_URL: redisUrl },
    async stop() {
      await Promise.all([pg.stop(), nats.stop(), redis.stop()]);
    },
  };
}
