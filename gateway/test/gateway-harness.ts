import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@souvenir/platform';
import type { TestInfra } from '@souvenir/testing';
import { GatewayConfig } from '../src/config/gateway.config';
import { createGateway } from '../src/create-gateway';

/** The gateway as main.ts builds it, pointed at the suite's infra, listening on a free port. */
export async function startGateway(infra: TestInfra, env: Record<string, string> = {}): Promise<INestApplication> {
  const config = loadConfig(GatewayConfig, {
    NATS_URL: infra.natsUrl,
    REDIS_URL: infra.redisUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PORT: '0',
    ...env,
  });
  const app = await createGateway(config);
  await app.listen(0, '127.0.0.1');
  return app;
}
