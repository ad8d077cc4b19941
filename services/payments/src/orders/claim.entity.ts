import type { ClaimReason } from '@souvenir/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A buyer's claim on an order (at most one per order): the seller answers, or support decides. */
@Entity({ schema: 'payments', name: 'claims' })
export class ClaimEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('text') reason!: ClaimReason;
  @Column('text') description!: string;
  @Column('jsonb') photos!: string[];
  @Column('timestamptz', { name: 'opened_at', default: () => 'now()' }) openedAt!: Date;
  @Column('text') status!: 'open' | 'escalated' | 'returning' | 'resolved';
  @Column('boolean', { name: 'seller_accept', nullable: true }) sellerAccept!: boolean | null;
  @Column('text', { name: 'seller_statement', nullable: true }) sellerStatement!: string | null;
  /** The seller's photos with their answer (evidence: media serves them only by a signed link). */
  @Column('jsonb', { name: 'seller_photos', default: () => `'[]'` }) sellerPhotos!: string[];
  @Column('timestamptz', { name: 'seller_responded_at', nullable: true }) sellerRespondedAt!: Date | null;
  /** When an unanswered claim goes to support. */
  @Column('timestamptz', { name: 'response_due' }) responseDue!: Date;
  @Column('text', { name: 'decision_outcome', nullable: true }) decisionOutcome!: 'refund' | 'release' | null;
  @Column('text', { name: 'decision_reason', nullable: true }) decisionReason!: string | null;
  @Column('timestamptz', { name: 'decided_at', nullable: true }) decidedAt!: Date | null;
  /** A return support asked for: by when the buyer sends it, how, and by when it must arrive. */
  @Column('timestamptz', { name: 'return_ship_by', nullable: true }) returnShipBy!: Date | null;
  @Column('text', { name: 'return_carrier', nullable: true }) returnCarrier!: string | null;
  @Column('text', { name: 'return_tracking_number', nullable: true }) returnTrackingNumber!: string | null;
  @Column('timestamptz', { name: 'return_shipped_at', nullable: true }) returnShippedAt!: Date | null;
  @Column('timestamptz', { name: 'return_arrives_by', nullable: true }) returnArrivesBy!: Date | null;
  @Column('timestamptz', { name: 'return_arrived_at', nullable: true }) returnArrivedAt!: Date | null;
  @Column('text', { name: 'decided_by', nullable: true }) decidedBy!: 'seller' | 'support' | null;
  /** The items of a bundle the claim is about; null: all of the order's items. */
  @Column('uuid', { name: 'product_ids', array: true, nullable: true }) productIds!: string[] | null;
}
