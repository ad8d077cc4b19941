import type { OfferOrigin, OfferStatus } from '@souvenir/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One offer on an item (migration 1738520000000-offers); `amountCents` is the amount on the table now. */
@Entity({ schema: 'payments', name: 'offers' })
export class OfferEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'product_id' }) productId!: string;
  @Column('text', { name: 'product_title' }) productTitle!: string;
  @Column('text', { name: 'product_image', nullable: true }) productImage!: string | null;
  @Column('integer', { name: 'list_price_cents' }) listPriceCents!: number;
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
