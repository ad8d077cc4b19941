import type { CategoryDto, ProductDto, ProductListedEvent, ProductRemovedEvent, SellerDto } from '@souvenir/contracts';
import type { SellerEntity } from '../sellers/seller.entity';
import type { ProductEntity } from './product.entity';

export function toSellerDto(seller: SellerEntity): SellerDto {
  return { id: seller.id, firstName: seller.firstName, lastName: seller.lastName, avatar: seller.avatar, isVerified: seller.isVerified };
}

/** The product as the API shows it; `isFavorited` is the caller's and is filled in by the gateway. */
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
  return country.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function toCategoryDto(row: { country: string; count: number }): CategoryDto {
  return { id: countrySlug(row.country) || row.country, country: row.country, count: row.count };
}

export function toProductListedEvent(product: ProductEntity): ProductListedEvent {
  return { productId: product.id, sellerId: product.sellerId, title: product.title, price: product.price, occurredAt: new Date().toISOString() };
}

export function toProductRemovedEvent(product: ProductEntity): ProductRemovedEvent {
  return { productId: product.id, sellerId: product.sellerId, occurredAt: new Date().toISOString() };
}
