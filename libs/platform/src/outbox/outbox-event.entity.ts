import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An event written in the same transaction as the change it describes; the relay publishes it. The schema is the DataSource's. */
@Entity({ name: 'outbox_events' })
export class OutboxEventEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') subject!: string;
  @Column('jsonb') payload!: Record<string, unknown>;
  @Column('jsonb', { nullable: true }) headers!: Record<string, string> | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt!: Date | null;
  /** A relay is publishing the row until then; past it (the relay stopped), another relay takes it. */
  @Column('timestamptz', { name: 'claimed_until', nullable: true }) claimedUntil!: Date | null;
}
