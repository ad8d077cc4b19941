import { Type } from 'class-transformer';
import { IsInt, IsPositive, Matches, Max, Min, ValidateIf } from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

export class CatalogConfig extends ServiceConfig {
  override HTTP_PORT: number = 4002;

  /**
   * A streaming replica for browse, search and sellers' lists (README "Reads from a replica"); empty: they read
   * DATABASE_URL. Without a password it takes DATABASE_URL's credentials.
   */
  @ValidateIf((c: CatalogConfig) => c.DATABASE_READ_URL !== '')
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_READ_URL must be a postgres:// URL (or empty)' })
  DATABASE_READ_URL = '';

  /**
   * How long one hour of a reservation lasts, in seconds: a seller reserves an item for whole hours (1 to 168), each
   * this long. 3600 everywhere but in tests, which shorten it so that a reservation's end (its job) runs in seconds.
   */
  @Type(() => Number)
  @IsPositive()
  @Max(3600)
  RESERVATION_HOUR_SECONDS: number = 3600;

  /** An account younger than this many days is "new" for the listing velocity rule (README "New-account velocity"). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(365)
  NEW_ACCOUNT_DAYS: number = 7;

  /**
   * Listings a new account may put on sale in one clock hour; the next is created held for support and the account
   * queued, and later ones that hour answer 429. A person clearing out a suitcase lists a handful.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  NEW_ACCOUNT_LISTINGS_PER_HOUR: number = 10;
}
