import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { CENTS } from '../../database/cents.transformer';
import type { ProviderIntentStatus } from '../payment-provider';

/** A payment intent of the built-in test-mode provider (kept in Postgres so replicas agree). */
@Entity({ schema: 'payments', name: 'test_intents' })
export class TestIntentEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'client_secret' }) clientSecret!: string;
  @Column('text', { name: 'idempotency_key' }) idempotencyKey!: string;
  @Column('bigint', { name: 'amount_cents', transformer: CENTS }) amountCents!: number;
  @Column('text') currency!: string;
  @Column('text') status!: ProviderIntentStatus;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('boolean') refunded!: boolean;
  @Column('integer', { name: 'refund_calls', default: 0 }) refundCalls!: number;
  /** How much was refunded (a claim on some of a bundle's items refunds part of the payment); null: nothing. */
  @Column('bigint', { name: 'refunded_cents', nullable: true, transformer: CENTS }) refundedCents!: number | null;
  @Column('integer', { name: 'capture_calls', default: 0 }) captureCalls!: number;
  @Column('jsonb') metadata!: Record<string, string>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
