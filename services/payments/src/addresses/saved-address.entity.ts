import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One shipping address of a signed-in buyer's address book. */
@Entity({ schema: 'payments', name: 'saved_addresses' })
export class SavedAddressEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text') line1!: string;
  @Column('text', { nullable: true }) line2!: string | null;
  @Column('text') city!: string;
  @Column('text', { nullable: true }) region!: string | null;
  @Column('text') postcode!: string;
  @Column('text') country!: string;
  @Column('text', { nullable: true }) phone!: string | null;
  @Column('boolean', { name: 'is_default' }) isDefault!: boolean;
  /** When a paid checkout last shipped here: the checkout preselects the most recent. */
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
