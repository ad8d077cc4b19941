import type { ProductDto } from '@souvenir/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A product as the API shows it, without the parts that are not the product's own: its seller and the caller's heart. */
export type ProductCard = Omit<ProductDto, 'seller' | 'isFavorited'>;

/**
 * Read model: a favourited product as catalog answered it, so the Favorites tab does not call catalog. Products do not
 * change once listed (only their status, which ends every favourite of them, and their origin level, which catalog's
 * origin-changed event brings), so the card stays true; it is deleted when catalog's event says the product was
 * removed or sold.
 */
@Entity({ schema: 'favourites', name: 'product_cards' })
export class ProductCardEntity {
  @PrimaryColumn('uuid', { name: 'product_id' }) productId!: string;
  @Column('uuid', { name: 'seller_id' }) sellerId!: string;
  @Column('json') card!: ProductCard;
  /** The shape of ProductDto the card was stored with (card-shape.ts); another shape: fetched again. */
  @Column('text', { name: 'card_shape', default: '' }) cardShape!: string;
  @CreateDateColumn({ name: 'stored_at', type: 'timestamptz' }) storedAt!: Date;
}
