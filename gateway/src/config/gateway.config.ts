import { Type } from 'class-transformer';
import { IsIn, IsInt, IsIP, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { NatsClientConfig, withSessionConfig } from '@souvenir/platform';

/** A write limit: a positive count, a slash, a positive number of seconds. */
const WRITE_LIMIT = /^[1-9]\d{0,8}\/[1-9]\d{0,7}$/;

/**
 * The gateway's environment variables, with working loopback defaults. The session's and the Origin rule's
 * (REDIS_URL, SESSION_SECRET, SESSION_ABSOLUTE_HOURS, ALLOWED_ORIGINS, TRUST_PROXY_HOPS) are declared once in
 * libs/platform (`withSessionConfig`), shared with media, which reads the sessions made here.
 */
export class GatewayConfig extends withSessionConfig(NatsClientConfig) {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV = 'development';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  /** Prometheus `GET /metrics` on its own port (not the public one); 0 disables it. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT: number = 9464;

  /** Address the metrics port listens on: loopback unless a scraper elsewhere needs it (0.0.0.0 in compose and Kubernetes). */
  @IsIP(undefined, { message: 'METRICS_HOST must be an IP address, e.g. 127.0.0.1 or 0.0.0.0' })
  METRICS_HOST = '127.0.0.1';

  /** A session unused for this long ends. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  SESSION_IDLE_MINUTES: number = 60 * 24 * 7;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(30_000)
  RPC_TIMEOUT_MS: number = 4000;

  /**
   * Failed sign-ins before that count is slowed (one attempt per pause, doubling from 1 s to LOGIN_MAX_DELAY_SECONDS;
   * see RateLimits): per account and client IP; per IP over all accounts; per account over client addresses that
   * have not signed in to it lately (guesses from many addresses). Remembered for LOGIN_FAILURE_MEMORY_SECONDS;
   * success forgets the client's own.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_FREE_FAILURES_PER_CLIENT: number = 5;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_MAX_PER_IP: number = 100;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_MAX_PER_ACCOUNT: number = 20;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_MAX_DELAY_SECONDS: number = 60 * 60;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_FAILURE_MEMORY_SECONDS: number = 24 * 60 * 60;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  REGISTER_MAX_PER_IP: number = 20;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_WINDOW_SECONDS: number = 15 * 60;

  /**
   * Writes per user (per client IP for guests) as `count/seconds`; past it 429 with Retry-After (WriteLimits). Generous
   * for a person: 30 messages a minute, 20 listings (created or removed) an hour, 60 favourite changes a minute, 20
   * payment intents in 10 minutes, 60 photo uploads an hour, 60 order actions (ship, delivered, confirm, cancel, claim,
   * claim answer, support decision) in 10 minutes.
   */
  /**
   * Listings and messages an account may write, in all, before its address is verified (a throw-away account cannot spam); the next is 403
   * with a sentence asking to verify. Browsing and buying are never limited by it.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  UNVERIFIED_WRITE_ALLOWANCE: number = 3;

  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_MESSAGES must be count/seconds, e.g. 30/60' })
  WRITE_LIMIT_MESSAGES = '30/60';

  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_LISTINGS must be count/seconds, e.g. 20/3600' })
  WRITE_LIMIT_LISTINGS = '20/3600';

  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_FAVOURITES must be count/seconds, e.g. 60/60' })
  WRITE_LIMIT_FAVOURITES = '60/60';

  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_PAYMENT_INTENTS must be count/seconds, e.g. 20/600' })
  WRITE_LIMIT_PAYMENT_INTENTS = '20/600';

  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_UPLOADS must be count/seconds, e.g. 60/3600' })
  WRITE_LIMIT_UPLOADS = '60/3600';

  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_ORDERS must be count/seconds, e.g. 60/600' })
  WRITE_LIMIT_ORDERS = '60/600';

  /** Requests for a copy of one's data: each builds a whole archive, so a few a day. */
  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_DATA_EXPORTS must be count/seconds, e.g. 3/86400' })
  WRITE_LIMIT_DATA_EXPORTS = '3/86400';

  /**
   * One-click unsubscribes, per client IP (the route needs no session): a person clicks a few; a mail provider's
   * one-click POSTs come from its own addresses, one per mail, so the limit leaves room for them.
   */
  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_UNSUBSCRIBES must be count/seconds, e.g. 120/600' })
  WRITE_LIMIT_UNSUBSCRIBES = '120/600';

  /** Reports (of a listing, a message, a review or a person): a person reports a few; a brigade is slowed here. */
  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_REPORTS must be count/seconds, e.g. 20/3600' })
  WRITE_LIMIT_REPORTS = '20/3600';

  /** Blocks and unblocks: a person blocks a few; a script cycling block/unblock (each an event to three services) is slowed. */
  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_BLOCKS must be count/seconds, e.g. 60/600' })
  WRITE_LIMIT_BLOCKS = '60/600';

  /** Offers made and answered (accept, decline, counter, withdraw): haggling takes a few; a script is slowed here. */
  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_OFFERS must be count/seconds, e.g. 60/3600' })
  WRITE_LIMIT_OFFERS = '60/3600';

  /** Saving and deleting saved searches: at most 50 are kept, so a person saves a few; a loop is slowed here. */
  @Matches(WRITE_LIMIT, { message: 'WRITE_LIMIT_SAVED_SEARCHES must be count/seconds, e.g. 60/3600' })
  WRITE_LIMIT_SAVED_SEARCHES = '60/3600';

  /**
   * Open `GET /api/stream` per user on one replica (one per tab); past it 429, so one session cannot hold a replica's
   * sockets and memory with endless streams.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  LIVE_STREAMS_PER_USER: number = 10;

  /**
   * Open `GET /api/stream` per client IP on one replica, all its accounts together; past it 429, so one machine with
   * many accounts cannot hold a replica's sockets either. Room for a household or an office behind one address.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  LIVE_STREAMS_PER_IP: number = 50;

  /**
   * The media service, when no ingress routes `/api/uploads` and `/media/` to it (`npm start`, docker compose): the
   * gateway then proxies those paths there. Empty behind an ingress that routes them.
   */
  @ValidateIf((c: GatewayConfig) => c.MEDIA_URL !== '')
  @Matches(/^http:\/\/[^/\s]+$/, { message: 'MEDIA_URL must be http://host:port' })
  MEDIA_URL = '';

  /**
   * media's HTTP port as the gateway reaches it inside the deployment, behind any ingress: a data archive's download
   * is streamed from there once identity has said it is the caller's.
   */
  @Matches(/^http:\/\/[^/\s]+$/, { message: 'MEDIA_INTERNAL_URL must be http://host:port' })
  MEDIA_INTERNAL_URL = 'http://127.0.0.1:4008';

  /** The built web app; empty to serve the API only. */
  @IsString()
  WEB_DIST = '';

  @IsIn(['debug', 'info', 'warn', 'error'])
  LOG_LEVEL = 'info';

  get isProduction() {
    return this.NODE_ENV === 'production';
  }
}
