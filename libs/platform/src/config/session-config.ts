import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min, MinLength, NotEquals, ValidateIf } from 'class-validator';

/** The session cookie's name: the gateway sets it, media reads it. */
export const SESSION_COOKIE = 'souvenir.sid';
/** Where a session lives in Redis: `sess:<id>` (connect-redis's prefix, as the gateway's store writes it). */
export const SESSION_KEY_PREFIX = 'sess:';
/** The development secret: refused in production. */
export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production';

// A mixin's base must be constructible with any arguments (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigClass = new (...args: any[]) => object;

/**
 * The session and same-origin settings of every process that takes a signed-in person's request: the gateway, which
 * makes the sessions, and media, which reads them for uploads that do not pass through the gateway. Declared once, so
 * the two read the same variables with the same defaults and checks; a config class gets them with
 * `class GatewayConfig extends withSessionConfig(NatsClientConfig)`. A mixin, since the gateway's config and a
 * service's (`ServiceConfig`) have different bases.
 */
export function withSessionConfig<TBase extends ConfigClass>(Base: TBase) {
  class SessionConfig extends Base {
    /** The session store (Redis); the rate-limit counters live there too. */
    @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
    REDIS_URL = 'redis://127.0.0.1:6379';

    /** Signs session cookies (the gateway) and checks their signature (media). Must be set, and long, in production. */
    @ValidateIf((c: { NODE_ENV?: string }) => c.NODE_ENV === 'production')
    @IsString()
    @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
    @NotEquals(DEV_SESSION_SECRET, { message: 'SESSION_SECRET must be set to a secret value in production' })
    SESSION_SECRET = DEV_SESSION_SECRET;

    /** A session ends this long after sign-in, however active. */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    SESSION_ABSOLUTE_HOURS: number = 24 * 30;

    /** Origins allowed to send state-changing requests, comma separated; empty means the request's own host. */
    @ValidateIf((c: { ALLOWED_ORIGINS: string }) => c.ALLOWED_ORIGINS !== '')
    @Matches(/^(https?:\/\/[^,\s]+)(,https?:\/\/[^,\s]+)*$/, {
      message: 'ALLOWED_ORIGINS must be comma-separated http(s) origins',
    })
    ALLOWED_ORIGINS = '';

    /** Proxies in front whose X-Forwarded-* headers are trusted (Secure cookies, client IPs, the Origin rule's protocol). */
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(10)
    TRUST_PROXY_HOPS: number = 0;
  }
  return SessionConfig;
}

/**
 * The same-origin rule (CSRF defence for cookie sessions): whether a request's Origin is another site's. It is when it
 * is not one of `allowedOrigins` (comma separated) or, without them, not the request's own origin
 * (`<protocol>://<host>`). A request without Origin is a same-origin GET or not from a browser: not foreign.
 */
export function foreignOriginRule(allowedOrigins: string): (origin: string | undefined, ownOrigin: string) => boolean {
  const allowed = new Set(
    allowedOrigins
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  );
  return (origin, ownOrigin) => !!origin && !(allowed.size ? allowed.has(origin) : origin === ownOrigin);
}
