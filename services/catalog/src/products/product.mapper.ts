import type {
  CategoryDto,
  Condition,
  ProductDto,
  ProductListedEvent,
  ProductRemovedEvent,
  ProductStatus,
  SellerDto,
} from '@souvenir/contracts';
import type { SellerEntity } from '../sellers/seller.entity';
import type { ProductEntity } from './product.entity';

export function toSellerDto(seller: SellerEntity): SellerDto {
  return {
    id: seller.id,
    firstName: seller.firstName,
    lastName: seller.lastName,
    avatar: seller.avatar,
    isVerified: seller.isVerified,
  };
}

/**
 * One product joined to its seller, as `PRODUCT_COLUMNS` (products.repository.ts) selects it. Product reads map
 * these rows straight to the API shape: hydrating entities with TypeORM cost about a quarter of catalog's CPU.
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
  /** Already formatted by SQL exactly like `Date.toISOString()` (UTC, milliseconds truncated). */
  created_at_iso: string;
  seller_id: string;
  seller_first_name: string;
  seller_last_name: string;
  seller_avatar: string | null;
  seller_is_verified: boolean;
}

/** The same ProductDto as `toProductDto`, from a `ProductRow`. */
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
    isFavorited: false,
    createdAt: row.created_at_iso,
    status: row.status === 'sold' ? 'sold' : 'active',
    seller: {
      id: row.seller_id,
      firstName: row.seller_first_name,
      lastName: row.seller_last_name,
      avatar: row.seller_avatar,
      isVerified: row.seller_is_verified,
    },
  };
}

/**
 * The product as the API shows it; `isFavorited` is the caller's and is filled in by the gateway. Only for an
 * entity already at hand (a product just created); reads use `rowToProductDto`.
 */
export function toProductDto(product: ProductEntity): ProductDto {
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice,
    condition: product.condition,
    category: product.category,
    country: product.country,
    images: product.images,
    isCustomsVerified: product.isCustomsVerified,
    isFavorited: false,
    createdAt: product.createdAt.toISOString(),
    status: product.status === 'sold' ? 'sold' : 'active',
    seller: toSellerDto(product.seller),
  };
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

export function toProductListedEvent(product: ProductEntity): ProductListedEvent {
  return {
    productId: product.id,
    sellerId: product.sellerId,
    title: product.title,
    price: product.price,
    occurredAt: new Date().toISOString(),
  };
}

export function toProductRemovedEvent(product: ProductEntity): ProductRemovedEvent {
  return { productId: product.id, sellerId: product.sellerId, occurredAt: new Date().toISOString() };
}
