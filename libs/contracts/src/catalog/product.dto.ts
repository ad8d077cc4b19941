import type { BundleDiscountDto } from '../payments/bundle';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto, toNumber } from '../pagination/page-query.dto';
import { CONTENTS, CONTENTS_REQUIRED, ProvenanceDto, type Contents, type OriginLevel } from './contents';
import { IsNotBelow } from '../validation/is-not-below';
import { LIMITS, MESSAGES } from '../validation/messages';
import type { UserRatingDto } from '../identity/user.dto';
import type { ReservedForDto } from './reservations';

export const CONDITIONS = ['new', 'like-new', 'good'] as const;
export type Condition = (typeof CONDITIONS)[number];

// The category lists and the mapping between them: ./categories.ts.
/** Seller location filter options; 'Any Location' is dropped before the call. */
export const SELLER_LOCATIONS = ['Any Location', 'United States', 'United Kingdom', 'Canada', 'Australia'] as const;
export const PRODUCT_SORTS = ['recent', 'price_asc', 'price_desc', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Sell form and `POST /api/products` body. Prices are numbers or decimal strings; the server keeps two decimals. */
export class CreateProductDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.titleMin })
  @MinLength(LIMITS.titleMin, { message: MESSAGES.titleMin })
  @MaxLength(LIMITS.titleMax, { message: MESSAGES.titleMax })
  title!: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.descriptionMin })
  @MinLength(LIMITS.descriptionMin, { message: MESSAGES.descriptionMin })
  @MaxLength(LIMITS.descriptionMax, { message: MESSAGES.descriptionMax })
  description!: string;

  @Transform(toNumber)
  @IsNotEmpty({ message: MESSAGES.priceRequired })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: MESSAGES.pricePositive })
  @Min(0.01, { message: MESSAGES.pricePositive })
  @Max(LIMITS.priceMax, { message: MESSAGES.priceMax })
  price!: number;

  /** Optional: an empty field of the form (`""`, or only spaces) means none, as null does. */
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : toNumber({ value })))
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'Original price must be a positive number' },
  )
  @Min(0.01, { message: 'Original price must be a positive number' })
  @Max(LIMITS.priceMax, { message: MESSAGES.originalPriceMax })
  @IsNotBelow('price', { message: MESSAGES.originalPriceBelowPrice })
  originalPrice?: number | null;

  @IsIn(CONDITIONS, { message: MESSAGES.conditionRequired })
  condition!: Condition;

  @Transform(trim)
  @IsString({ message: MESSAGES.categoryRequired })
  @IsNotEmpty({ message: MESSAGES.categoryRequired })
  @MaxLength(50, { message: 'Category is too long' })
  category!: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.countryRequired })
  @IsNotEmpty({ message: MESSAGES.countryRequired })
  @MaxLength(60, { message: 'Country is too long' })
  country!: string;

  @IsArray({ message: MESSAGES.imagesMin })
  @ArrayMinSize(LIMITS.imagesMin, { message: MESSAGES.imagesMin })
  @ArrayMaxSize(LIMITS.imagesMax, { message: MESSAGES.imagesMax })
  @MaxLength(LIMITS.imageUrlMax, { each: true, message: MESSAGES.imageUrl })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { each: true, message: MESSAGES.imageUrl },
  )
  images!: string[];

  @IsOptional()
  @IsBoolean({ message: 'isCustomsVerified must be true or false' })
  isCustomsVerified?: boolean;

  /**
   * What the item contains, from CONTENTS; `['none']` for "none of these", which stands alone. The sell form
   * requires an answer (an empty list is refused). Absent or null, as in the spec's own call, the product is listed
   * with its contents not declared (null), never as "none of these": that would be a claim the seller did not make.
   */
  @IsOptional()
  @IsArray({ message: 'Contents must be a list' })
  @ArrayMinSize(1, { message: CONTENTS_REQUIRED })
  @ArrayMaxSize(CONTENTS.length, { message: 'Contents has too many entries' })
  @IsIn(CONTENTS, { each: true, message: 'Contents must come from the contents list' })
  contents?: Contents[] | null;

  /** Where and when it was bought, and its receipt or customs declaration (optional). */
  // Not @Type: its decorator needs reflect-metadata, which the web app's Sell page does not load.
  @Transform(({ value }) =>
    value && typeof value === 'object' && !Array.isArray(value) ? plainToInstance(ProvenanceDto, value) : value,
  )
  @IsOptional()
  @ValidateNested()
  provenance?: ProvenanceDto;
}

// A mixin's constructor must take `any[]` (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = new (...args: any[]) => object;

/** A query list, repeated (`?a=x&a=y`) or comma-separated (`?a=x,y`): trimmed, empties dropped. */
const toList = ({ value }: { value: unknown }) =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean);

/**
 * The words and filters of a search, with their validation, declared once: browse's query (`ProductQueryDto`) and a
 * saved search (`SaveSearchDto`) are both built on them, so a saved search accepts exactly what the search does.
 */
export function withSearchFilters<TBase extends Constructor>(Base: TBase) {
  class SearchFilters extends Base {
    @IsOptional()
    @IsString()
    @MaxLength(200, { message: 'Search is too long' })
    search?: string;

    @IsOptional()
    @IsString()
    @MaxLength(60)
    country?: string;

    @Transform(toNumber)
    @IsOptional()
    @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'minPrice must be a number' })
    @Min(0)
    minPrice?: number;

    @Transform(toNumber)
    @IsOptional()
    @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'maxPrice must be a number' })
    @Min(0)
    maxPrice?: number;

    /** Repeated or comma-separated in the query string. */
    @Transform(toList)
    @IsOptional()
    @IsArray()
    @ArrayMaxSize(20)
    @IsString({ each: true })
    @MaxLength(50, { each: true })
    categories?: string[];

    @IsOptional()
    @IsIn(CONDITIONS, { message: 'condition must be one of new, like-new, good' })
    condition?: Condition;
  }
  return SearchFilters;
}

/** The words and filters of a search alone (what a saved search keeps). */
export class SearchFiltersDto extends withSearchFilters(class {}) {}

/** `GET /api/products` query (spec section 7 plus API.md's sort, limit and cursor). */
export class ProductQueryDto extends withSearchFilters(PageQueryDto) {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  location?: string;

  /** The Contents facet: products containing any of these (repeated or comma-separated). */
  @Transform(toList)
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CONTENTS.length)
  @IsIn(CONTENTS, { each: true, message: 'contents must come from the contents list' })
  contents?: Contents[];

  /** "Documented origin": only products whose receipt or customs declaration is attached (or checked). */
  @Transform(({ value }) =>
    value === 'true' || value === true ? true : value === 'false' || value === false ? false : value,
  )
  @IsOptional()
  @IsBoolean({ message: 'documentedOrigin must be true or false' })
  documentedOrigin?: boolean;

  /** Only items that can be delivered to this country: delivery is domestic, so the seller's country. */
  @IsOptional()
  @IsString()
  @MaxLength(60)
  shipsTo?: string;

  @IsOptional()
  @IsIn(PRODUCT_SORTS, { message: 'sort must be one of recent, price_asc, price_desc, popular' })
  sort?: ProductSort;
}

export interface SellerDto {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  isVerified: boolean;
  /** The seller's rating from published reviews; null: a new seller. */
  rating: UserRatingDto | null;
  /** Only while the seller is away: their return date (`YYYY-MM-DD`); their items cannot be bought until then. */
  awayUntil?: string;
  /** Only when the seller gives a bundle discount (percent > 0): what a bundle of their items saves. */
  bundleDiscount?: BundleDiscountDto;
}

export type ProductStatus = 'active' | 'sold' | 'removed';

/** The product as the API shows it (API.md). */
export interface ProductDto {
  id: string;
  title: string;
  description: string;
  price: string;
  originalPrice: string | null;
  condition: Condition;
  category: string;
  country: string;
  images: string[];
  isCustomsVerified: boolean;
  /** What the item contains; `['none']`: none of the listed kinds; null: the seller did not declare it. */
  contents: Contents[] | null;
  /** How far its origin is backed; null: nothing claimed. */
  originLevel: OriginLevel | null;
  /** The country the seller's profile location names: the item ships from and within it. Null: it names none. */
  shipsFrom: string | null;
  isFavorited: boolean;
  createdAt: string;
  status: Exclude<ProductStatus, 'removed'>;
  seller: SellerDto;
  /**
   * Not in the spec's shape, and only for 7 days after the seller lowered the price: the price before the drop
   * (cards strike it through) and when it dropped.
   */
  previousPrice?: string;
  priceDroppedAt?: string;
  /**
   * Not in the spec's shape, and only while the seller has reserved the item for one buyer: until when (everyone sees
   * "Reserved"; only that buyer can pay for it meanwhile).
   */
  reservedUntil?: string;
  /** Who it is reserved for: only on the product's own page, and only to its seller and that buyer. */
  reservedFor?: ReservedForDto;
}

/**
 * `catalog.product.create`'s answer: the product, marked `heldForReview` when a new account listed past its hourly
 * threshold and the listing waits, off sale, for support (the gateway answers 202 then).
 */
export type CreatedProductDto = ProductDto & { heldForReview?: true };

/**
 * Every field of ProductDto, listed once, in the order catalog's JSON carries them (its int-spec holds the mapper to
 * this list): a service that keeps copies of products (favourites' cards) tells from it that its copies are of an
 * older shape and fetches them again, so a new field needs no default written by hand.
 */
export const PRODUCT_DTO_FIELDS = [
  'id',
  'title',
  'description',
  'price',
  'originalPrice',
  'condition',
  'category',
  'country',
  'images',
  'isCustomsVerified',
  'contents',
  'originLevel',
  'shipsFrom',
  'isFavorited',
  'createdAt',
  'status',
  'seller',
  'previousPrice',
  'priceDroppedAt',
  'reservedUntil',
  'reservedFor',
] as const satisfies readonly (keyof ProductDto)[];

/** Does not compile while ProductDto has a field PRODUCT_DTO_FIELDS does not list. */
export const PRODUCT_DTO_FIELDS_COMPLETE: Exclude<keyof ProductDto, (typeof PRODUCT_DTO_FIELDS)[number]> extends never
  ? true
  : never = true;

export interface CategoryDto {
  id: string;
  country: string;
  count: number;
}

/** The profile tabs: a seller's products that are still shown. */
export const SELLER_PRODUCT_STATUSES = ['active', 'sold'] as const;
export type SellerProductStatus = (typeof SELLER_PRODUCT_STATUSES)[number];

/**
 * `GET /api/users/{id}/products`: one page (newest first) of the user's active and sold products, or of one `status`
 * (each profile tab pages on its own); the next page's cursor in `X-Next-Cursor`, the count in `X-Total-Count`.
 */
export class UserProductsQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(SELLER_PRODUCT_STATUSES, { message: 'status must be active or sold' })
  status?: SellerProductStatus;
}

/** One page of products with the headers' data. */
export interface ProductPageDto {
  items: ProductDto[];
  nextCursor: string | null;
  /** The number of matches, counted exactly up to a bound (`X-Total-Count`); see `totalIsLowerBound`. */
  totalCount: number;
  /** True when more than `totalCount` products match: counting stopped at the bound (`X-Total-Is-Lower-Bound: true`). */
  totalIsLowerBound?: boolean;
  /** A search that found nothing because of a typo: the words that would find something ("japn" → "japan"). */
  suggestion?: string;
}

/**
 * catalog's answer to a browse or search page: the page, and its items' ids in their order (not shown to anyone), so
 * that the gateway can ask for a signed-in caller's hearts and write them into the items' JSON without parsing it.
 */
export interface ProductListPageDto extends ProductPageDto {
  itemIds: string[];
}
