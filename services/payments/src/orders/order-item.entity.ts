import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CENTS } from '../database/cents.transformer';

/**
 * One item of an order, as it was at checkout: a single checkout has one (the order's own product columns), a bundle
 * several. `shareCents` is what the buyer paid for it (the bundle discount spread pro rata to the prices, the
 * rounding cents on the last item), so refunding items refunds exactly their part. `sold` follows the order's status
 * (a trigger, migration 1739100000000) and is what the one-sale-per-product index reads.
 */
@Entity({ schema: 'payments', name: 'order_items' })
export class OrderItemEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('smallint') position!: number;
  @Column('uuid', { name: 'product_id' }) productId!: string;
  @Column('text') title!: string;
  @Column('text', { nullable: true }) image!: string | null;
  @Column('bigint', { name: 'price_cents', transformer: CENTS }) priceCents!: number;
  @Column('bigint', { name: 'share_cents', transformer: CENTS }) shareCents!: number;
  @Column('boolean', { default: false }) sold!: boolean;
  /** When a claim's refund of this item was decided (its money goes back with the order's refund job). */
  @Column('timestamptz', { name: 'refunded_at', nullable: true }) refundedAt!: Date | null;
}
