import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { CreateProductDto, ProductQueryDto } from './product.dto';

export class CreateProductRequest {
  @IsUUID('all') actorId!: string;
  @ValidateNested() @Type(() => CreateProductDto) product!: CreateProductDto;
}

export class GetProductRequest {
  @IsUUID('all') productId!: string;
  /** For a buyer mid-checkout: a removed product answers CONFLICT ("no longer available") rather than NOT_FOUND. */
  @IsOptional() @IsBoolean() removedAsConflict?: boolean;
}

export class ListProductsRequest {
  @ValidateNested() @Type(() => ProductQueryDto) query!: ProductQueryDto;
}

/** Soft removal; only the seller may do it. */
export class RemoveProductRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') productId!: string;
}

/** A seller's active and sold products (profile tabs). */
export class ListSellerProductsRequest {
  @IsUUID('all') sellerId!: string;
}

/** Batch lookup for other services: one call per page, never one per product. */
export class GetProductsByIdsRequest {
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) productIds!: string[];
}

export class ListCategoriesRequest {
  @IsOptional() readonly _?: never;
}
