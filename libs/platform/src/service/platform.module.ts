import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENT_STREAM } from '@souvenir/contracts';
import { ServiceConfig } from '../config/service-config';
import { SERVICE_OPTIONS, type ServiceOptions } from '../config/service-options';
import { ensureDatabaseAndSchema } from '../database/ensure-schema';
import { openAndMigrate } from '../database/migrate';
import { EventConsumer } from '../events/event-consumer';
import { ensureEventStream } from '../events/event-stream';
import { ProcessedEventEntity } from '../events/processed-event.entity';
import { HealthController } from '../health/health.controller';
import { connectNats, NATS_CONNECTION, NatsConnectionCloser } from '../nats/nats-connection';
import { Outbox } from '../outbox/outbox';
import { OutboxEventEntity } from '../outbox/outbox-event.entity';
import { OutboxRelay } from '../outbox/outbox-relay';
import { RPC_TIMEOUT_MS, RpcClient } from '../rpc/rpc-client';
import { SupportRole } from '../rpc/support-role';
import { MetricsController, ServiceMetrics } from './service-metrics';

const LOCK_TIMEOUT_MS = 5000;

/**
 * Everything a domain service stands on: its Postgres schema with migrations run at start, the NATS
 * connection (requests to other services and JetStream; Nest's RPC server has its own), the outbox relay, the
 * idempotent consumer and health.
 */
@Module({})
export class PlatformModule {
  static forService(options: Omit<ServiceOptions, 'eventStream'>): DynamicModule {
    const full: ServiceOptions = { ...options, eventStream: options.config.EVENT_STREAM };
    const { config, name } = options;
    return {
      module: PlatformModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: async () => {
            await ensureDatabaseAndSchema(config.DATABASE_URL, name);
            return {
              type: 'postgres' as const,
              url: config.DATABASE_URL,
              schema: name,
              entities: [...(options.entities as []), OutboxEventEntity, ProcessedEventEntity],
              migrations: options.migrations,
              migrationsTableName: 'migrations',
              migrationsRun: false, // openAndMigrate (below) runs them at start-up, under an advisory lock
              migrationsTransactionMode: 'each' as const,
              synchronize: false,
              // A statement never waits on a row lock for long: a lock held too long (a bug, a stuck session) turns into an
              // error that is retried, instead of every pooled connection queueing behind it until the service stalls.
              extra: {
                max: 10,
                connectionTimeoutMillis: 3000,
                application_name: name,
                options: `-c lock_timeout=${LOCK_TIMEOUT_MS}`,
              },
            };
          },
          dataSourceFactory: async (dataSourceOptions) => openAndMigrate(dataSourceOptions!, config.DATABASE_URL, name),
        }),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: SERVICE_OPTIONS, useValue: full },
        { provide: ServiceConfig, useValue: config },
        { provide: config.constructor, useValue: config },
        { provide: RPC_TIMEOUT_MS, useValue: config.RPC_TIMEOUT_MS },
        {
          provide: NATS_CONNECTION,
          useFactory: async (): Promise<NatsConnection> => {
            const nc = await connectNats(config.NATS_URL, name, config);
            await ensureEventStream(nc, full.eventStream, EVENT_STREAM.subjects, config.EVENT_STREAM_REPLICAS);
            return nc;
          },
        },
        NatsConnectionCloser,
        Outbox,
        OutboxRelay,
        EventConsumer,
        RpcClient,
        SupportRole,
        ServiceMetrics,
      ],
      exports: [
        SERVICE_OPTIONS,
        ServiceConfig,
        config.constructor,
        NATS_CONNECTION,
        Outbox,
        OutboxRelay,
        EventConsumer,
        RpcClient,
        SupportRole,
      ],
    };
  }
}
