import { Type } from 'class-transformer';
import { IsInt, IsPositive, Max, Min } from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

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

  /** At most this many missed events are replayed on a reconnect; a longer gap answers "refetch". */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  LIVE_EVENTS_REPLAY_MAX: number = 500;
}
