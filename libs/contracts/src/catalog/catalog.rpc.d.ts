import { CreateProductDto, ProductQueryDto } from './product.dto';
export declare class CreateProductRequest {
    actorId: string;
    product: CreateProductDto;
}
export declare class GetProductRequest {
    productId: string;
}
export declare class ListProductsRequest {
    query: ProductQueryDto;
}
/** Soft removal; only the seller may do it. */
export declare class RemoveProductRequest {
    actorId: string;
    productId: string;
}
/** A seller's active and sold products (profile tabs). */
export declare class ListSellerProductsRequest {
    sellerId: string;
}
/** Batch lookup for other services: one call per page, never one per product. */
export declare class GetProductsByIdsRequest {
    productIds: string[];
}
export declare class ListCategoriesRequest {
    readonly _?: never;
}
