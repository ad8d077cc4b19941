export declare const CONDITIONS: readonly ["new", "like-new", "good"];
export type Condition = (typeof CONDITIONS)[number];
/** Sell form categories (spec section 3). */
export declare const SELL_CATEGORIES: readonly ["Art & Crafts", "Clothing", "Jewelry", "Home Decor", "Food & Drinks", "Textiles", "Collectibles"];
/** Sidebar filter categories (spec section 3). */
export declare const FILTER_CATEGORIES: readonly ["Art & Crafts", "Clothing", "Jewelry", "Home Decor", "Food & Drinks"];
/** Seller location filter options; 'Any Location' is dropped before the call. */
export declare const SELLER_LOCATIONS: readonly ["Any Location", "United States", "United Kingdom", "Canada", "Australia"];
/** Browse categories of the Categories page: label and the search term it links to. */
export declare const BROWSE_CATEGORIES: readonly [{
    readonly label: "Art & Crafts";
    readonly term: "art";
}, {
    readonly label: "Antiques & Collectibles";
    readonly term: "antique";
}, {
    readonly label: "Fashion & Accessories";
    readonly term: "fashion";
}, {
    readonly label: "Food & Confectionery";
    readonly term: "food";
}, {
    readonly label: "Pop Culture & Entertainment";
    readonly term: "pop culture";
}, {
    readonly label: "Jewelry & Gems";
    readonly term: "jewelry";
}, {
    readonly label: "Ceramics & Pottery";
    readonly term: "ceramic";
}, {
    readonly label: "Textiles & Fabrics";
    readonly term: "textile";
}, {
    readonly label: "Music & Instruments";
    readonly term: "music";
}, {
    readonly label: "Home Decor";
    readonly term: "decor";
}];
export declare const PRODUCT_SORTS: readonly ["recent", "price_asc", "price_desc", "popular"];
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export declare const PAGE_SIZE: {
    readonly default: 24;
    readonly max: 100;
};
/** Sell form and `POST /api/products` body. Prices are numbers or decimal strings; the server keeps two decimals. */
export declare class CreateProductDto {
    title: string;
    description: string;
    price: number;
    originalPrice?: number | null;
    condition: Condition;
    category: string;
    country: string;
    images: string[];
    isCustomsVerified?: boolean;
}
/** `GET /api/products` query (spec section 7 plus API.md's sort, limit and cursor). */
export declare class ProductQueryDto {
    search?: string;
    country?: string;
    minPrice?: number;
    maxPrice?: number;
    /** Repeated or comma-separated in the query string. */
    categories?: string[];
    condition?: Condition;
    location?: string;
    sort?: ProductSort;
    limit?: number;
    cursor?: string;
}
export interface SellerDto {
    id: string;
    firstName: string;
    lastName: string;
    avatar: string | null;
    isVerified: boolean;
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
    isFavorited: boolean;
    createdAt: string;
    status: Exclude<ProductStatus, 'removed'>;
    seller: SellerDto;
}
export interface CategoryDto {
    id: string;
    country: string;
    count: number;
}
/** One page of products with the headers' data. */
export interface ProductPageDto {
    items: ProductDto[];
    nextCursor: string | null;
    totalCount: number;
}
