/** A product became visible in browse and search. */
export declare class ProductListedEvent {
    productId: string;
    sellerId: string;
    title: string;
    price: string;
    occurredAt: string;
}
/** The seller removed a product: it leaves every list, favourites included. */
export declare class ProductRemovedEvent {
    productId: string;
    sellerId: string;
    occurredAt: string;
}
/** A product was paid for and can no longer be bought. */
export declare class ProductSoldEvent {
    productId: string;
    sellerId: string;
    occurredAt: string;
}
