import { Type } from 'class-transformer';
import { IsPositive, Max } from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

export class CatalogConfig extends ServiceConfig {
  override HTTP_PORT: number = 4002;

  /**
   * How long one hour of a reservation lasts, in seconds: a seller reserves an item for whole hours (1 to 168), each
   * this long. 3600 everywhere but in tests, which shorten it so that a reservation's end (its job) runs in seconds.
   */
  @Type(() => Number)
  @IsPositive()
  @Max(3600)
  RESERVATION_HOUR_SECONDS: number = 3600;
}
