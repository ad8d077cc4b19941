import { ServiceConfig } from '@souvenir/platform';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

export class MessagingConfig extends ServiceConfig {
  override HTTP_PORT: number = 4004;

  /** An account younger than this many days is "new" for the contact velocity rule (README "New-account velocity"). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(365)
  NEW_ACCOUNT_DAYS: number = 7;

  /**
   * New people a new account may start conversations with in one clock hour; past it, sends to anyone new answer 429
   * until the hour ends and the account is queued for support. A buyer asking a few sellers stays well below.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR: number = 15;
}
