import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { NATS_CONNECTION, natsReachable } from '@souvenir/platform';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis.provider';

/** Liveness, and readiness: Redis (sessions) and NATS (services) reachable. */
@Controller()
export class HealthController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz() {
    const redis = await this.redis.ping().then(
      () => true,
      () => false,
    );
    const nats = await natsReachable(this.nats);
    const checks = { redis: redis ? 'up' : 'down', nats: nats ? 'up' : 'down' };
    if (!redis || !nats) throw new ServiceUnavailableException({ message: 'Not ready', checks });
    return { status: 'ready', checks };
  }
}
