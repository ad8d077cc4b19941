import type { PaymentProviderName } from '@souvenir/contracts';
import { BIGINT_NUMBER } from '../database/cents.transformer';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A seller's connected account at the payment provider; its status follows the provider's `account.updated` events. */
@Entity({ schema: 'payments', name: 'payout_accounts' })
export class PayoutAccountEntity {
  @PrimaryColumn('uuid', { name: 'seller_id' }) sellerId!: string;
  @Column('text') provider!: PaymentProviderName;
  @Column('text', { name: 'provider_account_id' }) providerAccountId!: string;
  @Column('text') status!: 'pending' | 'active' | 'restricted';
  /** The provider's field paths still due (shown to the seller as sentences). */
  @Column('jsonb', { name: 'requirements_due' }) requirementsDue!: string[];
  @Column('text', { name: 'bank_last4', nullable: true }) bankLast4!: string | null;
  /** The `created` time (Unix seconds) of the newest provider event applied: an older delivery never overwrites it. */
  @Column('bigint', { name: 'last_event_at', transformer: BIGINT_NUMBER }) lastEventAt!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
