import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An event written in the same transaction as the change it describes; the relay publishes it. The schema is the DataSource's. */
@Entity({ name: 'outbox_events' })
export class OutboxEventEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') subject!: string;
  @Column('jsonb') payload!: Record<string, unknown>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt!: Date | null;
  /** A relay is publishing the row until then; past it (the relay stopped), another relay takes it. */
  @Column('timestamptz', { name: 'claimed_until', nullable: true }) claimedUntil!: Date | null;
  /** Failed publishes of this row; the next try waits longer each time. */
  @Column('integer', { default: 0 }) attempts!: number;
  @Column('timestamptz', { name: 'next_attempt_at', nullable: true }) nextAttemptAt!: Date | null;
  /** Set when the row failed while the rows beside it went out: it is not retried until an operator clears this. */
  @Column('timestamptz', { name: 'parked_at', nullable: true }) parkedAt!: Date | null;
}
