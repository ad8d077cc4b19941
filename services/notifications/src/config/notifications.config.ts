import { Type } from 'class-transformer';
import { IsInt, IsPositive, IsString, Matches, Max, Min, MinLength, NotEquals, ValidateIf } from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

/** The development key of unsubscribe links: refused in production. */
export const DEV_UNSUBSCRIBE_SECRET = 'dev-only-unsubscribe-secret-change-me-in-production';

export class NotificationsConfig extends ServiceConfig {
  override HTTP_PORT: number = 4007;

  /**
   * How long a user's live events are kept for replay after a reconnect (Last-Event-ID). A tab away for longer
   * reloads what it shows instead; notifications themselves are kept. Fractions allowed (tests use seconds).
   */
  @Type(() => Number)
  @IsPositive()
  @Max(24 * 30)
  LIVE_EVENTS_KEEP_HOURS: number = 24;

  /**
   * An event older than this when it arrives puts nothing in the bell: on a first deployment the consumers start at
   * the beginning of the event stream, and years of old sales are not news. Fractions allowed.
   */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  NOTIFICATIONS_MAX_AGE_DAYS: number = 7;

  /**
   * How many events of one subject are applied side by side. Applied one at a time, a busy hour's messages queued
   * behind each other's round trips; side by side, each recipient's rows are still written one transaction at a time
   * (the user's lock in the log's append), so a user's ids keep their commit order, and names keep the newest
   * version whatever the order. Each event in flight holds one of the service's 10 pooled connections. Eight rather
   * than four: at 200 messages/s over 10,000 streams, delivery p95 551 → 226 ms on one gateway (bench/README.md).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(8)
  LIVE_EVENTS_CONCURRENCY: number = 8;

  /** At most this many missed events are replayed on a reconnect; a longer gap answers "refetch". */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  LIVE_EVENTS_REPLAY_MAX: number = 500;

  /**
   * Where the important notifications (sale made, order shipped, claim opened, review to write) are also e-mailed
   * from: `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer's URL). Empty: they are only in the app, and no
   * mail is queued at all.
   */
  @ValidateIf((c: NotificationsConfig) => c.SMTP_URL !== '')
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL = '';

  /** The mails' From header. */
  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Souvenir Swap <no-reply@localhost>';

  /** The site's public origin, which the mails' links point at (the same variable the seed uses). */
  @Matches(/^https?:\/\/[^/\s]+$/, { message: 'PUBLIC_URL must be an http(s) origin without a path' })
  PUBLIC_URL = 'http://localhost:3000';

  /** How often the mail worker looks for mails due (their retry times are in the outbox table, not in memory). */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(60_000)
  MAIL_POLL_MS: number = 2000;

  /** The first retry's delay after a failed send; it doubles with each attempt, up to an hour. Fractions allowed. */
  @Type(() => Number)
  @IsPositive()
  @Max(3600)
  MAIL_RETRY_BASE_SECONDS: number = 30;

  /** Attempts before a mail is given up (kept in the outbox with its last error). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  MAIL_MAX_ATTEMPTS: number = 10;

  /**
   * Signs the one-click unsubscribe links of non-transactional mail (HMAC-SHA256), which work without signing in. Must
   * be set, and long, in production; changing it makes the links of mails already sent unusable.
   */
  @ValidateIf((c: { NODE_ENV?: string }) => c.NODE_ENV === 'production')
  @IsString()
  @MinLength(32, { message: 'UNSUBSCRIBE_SECRET must be at least 32 characters' })
  @NotEquals(DEV_UNSUBSCRIBE_SECRET, { message: 'UNSUBSCRIBE_SECRET must be set to a secret value in production' })
  UNSUBSCRIBE_SECRET = DEV_UNSUBSCRIBE_SECRET;

  /** When the daily message digests go out (cron, UTC; pg-boss fires each slot once across replicas). */
  @Matches(/^\S+( \S+){4}$/, { message: 'DIGEST_CRON must be a five-field cron expression' })
  DIGEST_CRON = '0 18 * * *';

  /**
   * How long a saved search's first new match waits for others before its e-mail goes (one mail then digests them
   * all); after a mail, the search's next waits until a day has passed. Seconds.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400)
  SAVED_SEARCH_MAIL_DELAY_SECONDS: number = 600;
}
