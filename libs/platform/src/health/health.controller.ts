import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';
import { NATS_CONNECTION } from '../nats/nats-connection';

/** Liveness (the process answers) and readiness (its Postgres and NATS are reachable). */
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz() {
    const postgres = await within(2000, this.dataSource.query('SELECT 1')).then(
      () => true,
      () => false,
    );
    const nats = await natsReachable(this.nc);
    const checks = { postgres: postgres ? 'up' : 'down', nats: nats ? 'up' : 'down' };
    if (!postgres || !nats) throw new ServiceUnavailableException({ status: 'unavailable', checks });
    return { status: 'ready', checks };
  }
}

/** Whether the connection is open and the server answers a ping within a second (readiness of any process). */
export async function natsReachable(nc: NatsConnection): Promise<boolean> {
  return (
    !nc.isClosed() &&
    !nc.isDraining() &&
    (await within(1000, nc.flush()).then(
      () => true,
      () => false,
    ))
  );
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
