import { Type } from 'class-transformer';
import { IsPositive, Max } from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

export class ReviewsConfig extends ServiceConfig {
  override HTTP_PORT: number = 4006;

  /**
   * Reviews of a completed order stay hidden until both people wrote theirs or this many days after completion; then
   * they are published. Fractions are allowed so that tests run the window in seconds.
   */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  REVIEW_WINDOW_DAYS: number = 14;

  /**
   * Each person of a completed order who has not written their review yet is reminded once, this many days after
   * completion (if the window is still open then). Fractions are allowed so that tests run it in seconds.
   */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  REVIEW_REMINDER_DAYS: number = 3;
}
