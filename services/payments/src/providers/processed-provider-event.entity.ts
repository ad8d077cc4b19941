import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A provider webhook event already applied, recorded in the same transaction as its effect. */
@Entity({ schema: 'payments', name: 'processed_provider_events' })
export class ProcessedProviderEventEntity {
  @PrimaryColumn('text') provider!: string;
  @PrimaryColumn('text', { name: 'event_id' }) eventId!: string;
  @Column('text') type!: string;
  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' }) processedAt!: Date;
}
