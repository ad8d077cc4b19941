import { Type } from 'class-transformer';
import { IsIn, IsInt, IsIP, IsString, Matches, Max, Min } from 'class-validator';
import { NatsClientConfig } from '../nats/nats-client-config';

/** Variables every service needs. Services extend it with their own. */
export class ServiceConfig extends NatsClientConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV = 'development';

  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/souvenir';

  /** Port of the small HTTP server for /healthz, /readyz. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  HTTP_PORT: number = 0;

  /**
   * Address that server listens on. Loopback, so that on a shared machine (`npm start`) no other host reaches a
   * service's health, metrics or media routes; compose and Kubernetes set 0.0.0.0 for their probes and scrapers.
   */
  @IsIP(undefined, { message: 'HTTP_HOST must be an IP address, e.g. 127.0.0.1 or 0.0.0.0' })
  HTTP_HOST = '127.0.0.1';

  @IsIn(['debug', 'info', 'warn', 'error'])
  LOG_LEVEL = 'info';

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(60_000)
  RPC_TIMEOUT_MS: number = 4000;

  /**
   * Requests a replica handles at once; more wait in line (see DrainingNatsServer). Above the Postgres pool (10), so
   * requests that wait on other services or NATS still overlap.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  RPC_CONCURRENCY: number = 24;

  @IsString()
  EVENT_STREAM = 'EVENTS';

  /**
   * Copies of the event stream a NATS cluster keeps (JetStream replicas, at most 5): 3 on a 3-node cluster, so one
   * node lost keeps the stream's quorum; 1 on a single server. An existing stream is raised (or lowered) to it.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5)
  EVENT_STREAM_REPLICAS: number = 1;
}
