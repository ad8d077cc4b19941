import type { PayoutStatus } from '@souvenir/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CENTS } from '../database/cents.transformer';

/** The money of one completed order on its way to the seller: one transfer, linked to the buyer's charge. */
@Entity({ schema: 'payments', name: 'payouts' })
export class PayoutEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('uuid', { name: 'seller_id' }) sellerId!: string;
  /** What the seller receives: the order's amount less the fee. */
  @Column('bigint', { name: 'amount_cents', transformer: CENTS }) amountCents!: number;
  @Column('bigint', { name: 'fee_cents', transformer: CENTS }) feeCents!: number;
  @Column('text') currency!: string;
  @Column('text') status!: PayoutStatus;
  @Column('text', { name: 'provider_transfer_id', nullable: true }) providerTransferId!: string | null;
  @Column('text', { name: 'failure_message', nullable: true }) failureMessage!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'paid_at', nullable: true }) paidAt!: Date | null;
  @Column('timestamptz', { name: 'reversed_at', nullable: true }) reversedAt!: Date | null;
}
