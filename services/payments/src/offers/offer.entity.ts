import type { OfferOrigin, OfferStatus } from '@souvenir/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One offer on an item or a bundle (migrations 1738520000000-offers, 1739200000000-bundle-offers); `amountCents` is
 * the amount on the table now. The product columns are the (lead) item's; `listPriceCents` what the items cost without
 * the offer (a bundle's price after the seller's discount), the bound of the amount and of counters.
 */
@Entity({ schema: 'payments', name: 'offers' })
export class OfferEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'product_id' }) productId!: string;
  @Column('text', { name: 'product_title' }) productTitle!: string;
  @Column('text', { name: 'product_image', nullable: true }) productImage!: string | null;
  @Column('integer', { name: 'list_price_cents' }) listPriceCents!: number;
  /** 1: an offer on one item; more: a bundle, its items in `offer_items`. */
  @Column('smallint', { name: 'item_count', default: 1 }) itemCount!: number;
  @Column('uuid', { name: 'seller_id' }) sellerId!: string;
  @Column('text', { name: 'seller_first_name' }) sellerFirstName!: string;
  @Column('text', { name: 'seller_last_name' }) sellerLastName!: string;
  @Column('uuid', { name: 'buyer_id' }) buyerId!: string;
  @Column('text', { name: 'buyer_first_name' }) buyerFirstName!: string;
  @Column('text', { name: 'buyer_last_name' }) buyerLastName!: string;
  @Column('integer', { name: 'offered_cents' }) offeredCents!: number;
  @Column('integer', { name: 'amount_cents' }) amountCents!: number;
  @Column('text') currency!: string;
  @Column('text') status!: OfferStatus;
  /** 'seller': the seller's offer to the item's favouriters (migration 1738950000000-seller-offers). */
  @Column('text', { default: 'buyer' }) origin!: OfferOrigin;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
