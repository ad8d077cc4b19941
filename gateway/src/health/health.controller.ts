import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { NATS_RPC_CLIENT } from '@souvenir/platform';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis.provider';

/** Liveness, and readiness: Redis (sessions) and NATS (services) reachable. */
@Controller()
export class HealthController {
  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(NATS_RPC_CLIENT) private readonly nats: ClientProxy) {}

  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz() {
    const redis = await this.redis.ping().then(() => true, () => false);
    const nats = await this.nats.connect().then(() => true, () => false);
    const checks = { redis: redis ? 'up' : 'down', nats: nats ? 'up' : 'down' };
    if (!redis || !nats) throw new ServiceUnavailableException({ message: 'Not ready', checks });
    return { status: 'ready', checks };
  }
}
