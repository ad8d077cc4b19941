import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An inbound event already applied: recorded in the same transaction as its effect, so a redelivery changes nothing. */
@Entity({ name: 'processed_events' })
export class ProcessedEventEntity {
  @PrimaryColumn('text', { name: 'event_id' }) eventId!: string;
  @Column('text') subject!: string;
  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' }) processedAt!: Date;
}
