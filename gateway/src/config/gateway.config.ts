import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength, NotEquals, ValidateIf } from 'class-validator';

const DEV_SECRET = 'dev-only-session-secret-change-me-in-production';

/** The gateway's environment variables, with working loopback defaults. */
export class GatewayConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV = 'development';

  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  PORT: number = 3000;

  /** Prometheus `GET /metrics` on its own port (not the public one); 0 disables it. */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  METRICS_PORT: number = 9464;

  @Matches(/^(nats|tls):\/\/[^,]+(,(nats|tls):\/\/[^,]+)*$/, { message: 'NATS_URL must be one or more nats:// URLs, comma separated' })
  NATS_URL = 'nats://127.0.0.1:4222';

  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Signs session cookies. Must be set (and long) in production. */
  @ValidateIf((c: GatewayConfig) => c.NODE_ENV === 'production')
  @IsString() @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  @NotEquals(DEV_SECRET, { message: 'SESSION_SECRET must be set to a secret value in production' })
  SESSION_SECRET = DEV_SECRET;

  /** A session unused for this long ends. */
  @Type(() => Number) @IsInt() @Min(1)
  SESSION_IDLE_MINUTES: number = 60 * 24 * 7;

  /** A session ends this long after sign-in, however active. */
  @Type(() => Number) @IsInt() @Min(1)
  SESSION_ABSOLUTE_HOURS: number = 24 * 30;

  /** Origins allowed to send state-changing requests, comma separated; empty means the request's own host. */
  @ValidateIf((c: GatewayConfig) => c.ALLOWED_ORIGINS !== '') @Matches(/^(https?:\/\/[^,\s]+)(,https?:\/\/[^,\s]+)*$/, { message: 'ALLOWED_ORIGINS must be comma-separated http(s) origins' })
  ALLOWED_ORIGINS = '';

  /** Number of proxies in front of the gateway whose X-Forwarded-* headers are trusted (for Secure cookies and client IPs). */
  @Type(() => Number) @IsInt() @Min(0) @Max(10)
  TRUST_PROXY_HOPS: number = 0;

  @Type(() => Number) @IsInt() @Min(100) @Max(30_000)
  RPC_TIMEOUT_MS: number = 4000;

  /** Login attempts allowed per IP and per account in RATE_LIMIT_WINDOW_SECONDS. */
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_PER_IP: number = 30;

  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_PER_ACCOUNT: number = 10;

  @Type(() => Number) @IsInt() @Min(1)
  REGISTER_MAX_PER_IP: number = 20;

  @Type(() => Number) @IsInt() @Min(1)
  RATE_LIMIT_WINDOW_SECONDS: number = 15 * 60;

  /** The built web app; empty to serve the API only. */
  @IsString()
  WEB_DIST = '';

  @IsIn(['debug', 'info', 'warn', 'error'])
  LOG_LEVEL = 'info';

  get isProduction() {
    return this.NODE_ENV === 'production';
  }
}
