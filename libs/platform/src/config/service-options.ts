import type { MixedList } from 'typeorm';
import type { ServiceConfig } from './service-config';

export const SERVICE_OPTIONS = Symbol('SERVICE_OPTIONS');

/** What a service tells the platform about itself. */
export interface ServiceOptions {
  /** Service name: NATS queue group, durable consumer, Postgres schema and log name. */
  name: string;
  config: ServiceConfig;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  eventStream: string;
}
