import { isoMicros } from '@souvenir/platform';

/**
 * Every column of a `ProductRow` (../product.mapper.ts): a product (`p`) joined to its seller (`s`). Product reads
 * select these and map rows straight to ProductDto instead of letting TypeORM hydrate an entity with its seller
 * relation, which cost about a quarter of catalog's CPU. Numerics come back as pg's text (two decimals), and
 * created_at is formatted here exactly like `Date.toISOString()` (UTC, milliseconds truncated as pg's Date parsing
 * does). The seller's rating is two columns of the seller row already joined (float8 so pg answers a number).
 */
/**
 * The seller's return date while they are away (after today, UTC), else null: a return date that has come ends away
 * mode at once, even before the return job has cleared the row.
 */
export const SELLER_AWAY_UNTIL = `CASE WHEN s.away_until > (now() AT TIME ZONE 'UTC')::date
       THEN to_char(s.away_until, 'YYYY-MM-DD') END`;

export const PRODUCT_COLUMNS = `p.id, p.title, p.description, p.price, p.original_price, p.condition, p.category, p.country, p.images,
       p.is_customs_verified, p.status, p.contents, p.origin_level, p.previous_price,
       to_char(p.price_dropped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS price_dropped_at_iso,
       to_char(p.reserved_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reserved_until_iso,
       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso,
       s.id AS seller_id, s.first_name AS seller_first_name, s.last_name AS seller_last_name,
       s.avatar AS seller_avatar, s.is_verified AS seller_is_verified, s.location AS seller_location,
       s.rating_average::float8 AS seller_rating_average, s.rating_count AS seller_rating_count,
       ${SELLER_AWAY_UNTIL} AS seller_away_until,
       s.bundle_min_items AS seller_bundle_min_items, s.bundle_percent AS seller_bundle_percent`;

export const PRODUCTS_WITH_SELLERS = 'catalog.products p JOIN catalog.sellers s ON s.id = p.seller_id';

/** created_at with Postgres's microseconds, for cursor keys (a JS Date would round them and break ties). */
export const ISO_MICROS = isoMicros('p.created_at');

/** A page row's columns: the product, its seller and what a cursor after it carries (see `KeySource`). */
export const PAGE_COLUMNS = `${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count`;
