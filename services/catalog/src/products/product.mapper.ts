import { countryOfLocation } from '@souvenir/contracts';
import { sellerOfColumns } from '@souvenir/platform';
import type {
  CategoryDto,
  Condition,
  Contents,
  OriginLevel,
  ProductDto,
  ProductListedEvent,
  ProductOriginChangedEvent,
  ProductRemovedEvent,
  ProductRelistedEvent,
  ProductStatus,
  ProductUpdatedEvent,
} from '@souvenir/contracts';

/** What a sale, a relisting or a removal decides on. */
export interface ProductSaleState {
  id: string;
  sellerId: string;
  status: ProductStatus;
  /** The paid order that sold it (null while on sale, and for products sold before it was recorded). */
  soldOrderId: string | null;
  /** Sales and relistings so far: the sold and relisted events carry it (read models keep the newest). */
  saleVersion: number;
}

/** A listing support has just decided on: enough to announce its new origin level. */
export interface DecidedProvenance {
  id: string;
  seller_id: string;
  origin_level: 'checked' | null;
  is_customs_verified: boolean;
}

/**
 * One product joined to its seller, as `PRODUCT_COLUMNS` (queries/product-columns.ts) selects it: every read of a
 * product, and the insert, answer these rows, mapped to the API shape here and nowhere else.
 */
export interface ProductRow {
  id: string;
  title: string;
  description: string;
  /** numeric(12,2) as pg's text: always two decimals. */
  price: string;
  original_price: string | null;
  condition: Condition;
  category: string;
  country: string;
  images: string[];
  is_customs_verified: boolean;
  status: ProductStatus;
  /** Null: the seller did not declare them (listed through the API without contents). */
  contents: Contents[] | null;
  /** 'documented' | 'checked'; null: the checkbox alone (`is_customs_verified`) decides the origin level. */
  origin_level: 'documented' | 'checked' | null;
  /** The price before the last drop, and when it dropped (null: never dropped, or raised since). */
  previous_price: string | null;
  price_dropped_at_iso: string | null;
  /** Until when the seller reserved it for one buyer (null: not reserved); a past time is read as not reserved. */
  reserved_until_iso: string | null;
  /** Already formatted by SQL exactly like `Date.toISOString()` (UTC, milliseconds truncated). */
  created_at_iso: string;
  seller_id: string;
  seller_first_name: string;
  seller_last_name: string;
  seller_avatar: string | null;
  seller_is_verified: boolean;
  seller_location: string | null;
  /** Null without published reviews (then `seller_rating_count` is 0). */
  seller_rating_average: number | null;
  seller_rating_count: number;
  /** The seller's return date (`YYYY-MM-DD`) while they are away; null otherwise. */
  seller_away_until: string | null;
  /** The seller's bundle discount (payments' copy): shown only when the percent is above 0. */
  seller_bundle_min_items: number;
  seller_bundle_percent: number;
}

/** The product as the API shows it; `isFavorited` is the caller's and is filled in by the gateway. */
export function rowToProductDto(row: ProductRow): ProductDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    originalPrice: row.original_price,
    condition: row.condition,
    category: row.category,
    country: row.country,
    images: row.images,
    isCustomsVerified: row.is_customs_verified,
    contents: row.contents,
    originLevel: originLevelOf(row),
    shipsFrom: countryOfLocation(row.seller_location),
    isFavorited: false,
    createdAt: row.created_at_iso,
    status: row.status === 'sold' ? 'sold' : 'active',
    seller: {
      ...sellerOfColumns(row),
      ...(row.seller_away_until ? { awayUntil: row.seller_away_until } : {}),
      ...(row.seller_bundle_percent > 0
        ? { bundleDiscount: { minItems: row.seller_bundle_min_items, percent: row.seller_bundle_percent } }
        : {}),
    },
    ...recentPriceDrop(row),
    ...activeReservation(row),
  };
}

/**
 * Until when the item is reserved, while it is on sale and that time has not passed (its end's job may run a moment
 * later: the reservation is over on time anyway); nothing otherwise. Who it is for is added by `get` for its seller
 * and that buyer only.
 */
export function activeReservation(
  row: Pick<ProductRow, 'status' | 'reserved_until_iso'>,
  now = Date.now(),
): Pick<ProductDto, 'reservedUntil'> {
  if (row.status !== 'active' || !row.reserved_until_iso) return {};
  if (Date.parse(row.reserved_until_iso) <= now) return {};
  return { reservedUntil: row.reserved_until_iso };
}

/** How long a card strikes the old price through after a drop. */
export const PRICE_DROP_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;

/** The old price and when it dropped, for 7 days after a drop; nothing otherwise (the spec's shape is unchanged). */
export function recentPriceDrop(
  row: Pick<ProductRow, 'previous_price' | 'price_dropped_at_iso'>,
  now = Date.now(),
): Pick<ProductDto, 'previousPrice' | 'priceDroppedAt'> {
  if (!row.previous_price || !row.price_dropped_at_iso) return {};
  if (now - Date.parse(row.price_dropped_at_iso) > PRICE_DROP_SHOWN_MS) return {};
  return { previousPrice: row.previous_price, priceDroppedAt: row.price_dropped_at_iso };
}

/** Documents attached or checked win; otherwise the seller's checkbox means self-declared. */
export function originLevelOf(row: Pick<ProductRow, 'origin_level' | 'is_customs_verified'>): OriginLevel | null {
  return row.origin_level ?? (row.is_customs_verified ? 'self-declared' : null);
}

/** A URL-safe id for a country: lower case, accents and punctuation dropped ("Côte d'Ivoire" → "cote-d-ivoire"). */
export function countrySlug(country: string): string {
  return country
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function toCategoryDto(row: { country: string; count: number }): CategoryDto {
  return { id: countrySlug(row.country) || row.country, country: row.country, count: row.count };
}

export function toProductListedEvent(product: ProductDto, documents: string[] = [], held = false): ProductListedEvent {
  return {
    productId: product.id,
    sellerId: product.seller.id,
    title: product.title,
    description: product.description,
    price: product.price,
    images: product.images,
    ...(documents.length ? { documents } : {}),
    category: product.category,
    country: product.country,
    condition: product.condition,
    shipsFrom: product.shipsFrom,
    ...(held ? { held } : {}),
    occurredAt: new Date().toISOString(),
  };
}

export function toProductRemovedEvent(product: ProductSaleState): ProductRemovedEvent {
  return {
    productId: product.id,
    sellerId: product.sellerId,
    version: product.saleVersion,
    occurredAt: new Date().toISOString(),
  };
}

/** A sale or a relisting (sold and relisted events share this shape): read models keep the highest version. */
export function toSaleChangedEvent(product: ProductSaleState): ProductRelistedEvent {
  return {
    productId: product.id,
    sellerId: product.sellerId,
    version: product.saleVersion,
    occurredAt: new Date().toISOString(),
  };
}

/** An edit, as read models keep it: the card's fields now, and the price before it when it dropped. */
export function toProductUpdatedEvent(
  product: ProductDto,
  version: number,
  previousPrice: string | null,
  reservation: { reservationVersion: number; saleVersion: number; reservedUntil: string | null },
): ProductUpdatedEvent {
  return {
    productId: product.id,
    sellerId: product.seller.id,
    version,
    title: product.title,
    price: product.price,
    ...(previousPrice ? { previousPrice } : {}),
    images: product.images,
    description: product.description,
    category: product.category,
    country: product.country,
    condition: product.condition,
    reservationVersion: reservation.reservationVersion,
    saleVersion: reservation.saleVersion,
    reservedUntil: reservation.reservedUntil,
    occurredAt: new Date().toISOString(),
  };
}

/** Support's decision, as the origin level `ProductDto` answers from now on (null falls back to the checkbox). */
export function toOriginChangedEvent(row: DecidedProvenance): ProductOriginChangedEvent {
  return {
    productId: row.id,
    sellerId: row.seller_id,
    originLevel: originLevelOf(row),
    occurredAt: new Date().toISOString(),
  };
}
