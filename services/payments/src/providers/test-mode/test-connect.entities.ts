import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { CENTS } from '../../database/cents.transformer';

/** A connected account of the test-mode provider (Stripe's Express account, played locally). */
@Entity({ schema: 'payments', name: 'test_accounts' })
export class TestAccountEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'idempotency_key' }) idempotencyKey!: string;
  @Column('text', { nullable: true }) email!: string | null;
  /** What the onboarding page collected (never shown back). */
  @Column('jsonb', { nullable: true }) details!: Record<string, string> | null;
  @Column('boolean', { name: 'charges_enabled' }) chargesEnabled!: boolean;
  @Column('boolean', { name: 'payouts_enabled' }) payoutsEnabled!: boolean;
  @Column('boolean', { name: 'details_submitted' }) detailsSubmitted!: boolean;
  @Column('jsonb', { name: 'currently_due' }) currentlyDue!: string[];
  @Column('text', { name: 'disabled_reason', nullable: true }) disabledReason!: string | null;
  @Column('text', { name: 'bank_last4', nullable: true }) bankLast4!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** A single-use onboarding link (Stripe's Account Link). */
@Entity({ schema: 'payments', name: 'test_account_links' })
export class TestAccountLinkEntity {
  @PrimaryColumn('text') token!: string;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text', { name: 'return_url' }) returnUrl!: string;
  @Column('text', { name: 'refresh_url' }) refreshUrl!: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt!: Date | null;
}

/** A transfer to a test connected account. */
@Entity({ schema: 'payments', name: 'test_transfers' })
export class TestTransferEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'idempotency_key' }) idempotencyKey!: string;
  @Column('text') destination!: string;
  @Column('bigint', { name: 'amount_cents', transformer: CENTS }) amountCents!: number;
  @Column('text') currency!: string;
  @Column('text', { name: 'source_transaction' }) sourceTransaction!: string;
  @Column('text', { name: 'transfer_group' }) transferGroup!: string;
  @Column('boolean') reversed!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
