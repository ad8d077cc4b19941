// The decorators of the classes below (class-transformer's @Type, NestJS's injection) read design-time metadata when
// their module loads, so any program that imports the platform (a service, the bench, a test) needs the polyfill first.
import 'reflect-metadata';

export * from './config/load-config';
export * from './config/service-config';
export * from './config/service-options';
export * from './config/session-config';
export * from './database/concurrent-index';
export * from './database/ensure-schema';
export { openAndMigrate } from './database/migrate';
export * from './database/platform-tables';
export * from './database/prepared-statement';
export * from './errors/domain-error';
export { isUniqueViolation, postgresErrorCode, SQLSTATE } from './errors/postgres-error';
export * from './errors/to-rpc-exception';
export * from './events/event-consumer';
export * from './events/event-stream';
export * from './events/processed-event.entity';
export * from './health/health.controller';
export * from './jobs/job-queue';
export * from './logging/json-logger';
export * from './logging/request-context';
export * from './metrics/metrics';
export * from './nats/nats-client-config';
export * from './nats/nats-connection';
export * from './outbox/outbox';
export * from './outbox/outbox-event.entity';
export * from './outbox/outbox-relay';
export * from './pagination/cursor';
export * from './read-models/fill-on-miss';
export * from './rpc/rpc-client';
export * from './rpc/rpc-handler.decorator';
export * from './http/close-after-answer';
export * from './service/bootstrap';
export * from './service/platform.module';
export * from './service/service-metrics';
export * from './tracing/tracing';
export * from './validation/parse-payload';
