import { Transform } from 'class-transformer';
import { IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Every paginated list (API.md): `limit` items per page, 24 unless asked, at most 100. */
export const PAGE_SIZE = { default: 24, max: 100 } as const;

/** A query string's number as a number; empty and absent values stay as they are, for @IsOptional. */
export const toNumber = ({ value }: { value: unknown }) =>
  value === '' || value === null || value === undefined ? value : typeof value === 'string' ? Number(value) : value;

/**
 * `limit` and `cursor` of a keyset-paginated list. The cursor is the opaque `X-Next-Cursor` of the previous page;
 * the service that made it checks it.
 */
export class PageQueryDto {
  @Transform(toNumber)
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 0 }, { message: 'limit must be a whole number' })
  @Min(1)
  @Max(PAGE_SIZE.max)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  cursor?: string;
}
