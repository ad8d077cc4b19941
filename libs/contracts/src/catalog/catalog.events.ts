import { IsDateString, IsString, IsUUID } from 'class-validator';

/** A product became visible in browse and search. */
export class ProductListedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsString() title!: string;
  @IsString() price!: string;
  @IsDateString() occurredAt!: string;
}

/** The seller removed a product: it leaves every list, favourites included. */
export class ProductRemovedEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsDateString() occurredAt!: string;
}

/** A product was paid for and can no longer be bought. */
export class ProductSoldEvent {
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @IsDateString() occurredAt!: string;
}

/** catalog's event subjects with their payload classes. */
export const CATALOG_EVENTS = {
  productListed: 'events.catalog.product.listed',
  productRemoved: 'events.catalog.product.removed',
  productSold: 'events.catalog.product.sold',
} as const;

export const CATALOG_EVENT_TYPES = {
  [CATALOG_EVENTS.productListed]: ProductListedEvent,
  [CATALOG_EVENTS.productRemoved]: ProductRemovedEvent,
  [CATALOG_EVENTS.productSold]: ProductSoldEvent,
} as const;
