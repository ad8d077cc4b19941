import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Read model of a user's name and avatar, fed by identity's user events. */
@Entity({ schema: 'messaging', name: 'users' })
export class UserSummaryEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text', { nullable: true }) avatar!: string | null;
  /** When the account was created (the velocity rule's "new account"); null for rows stored before it was known. */
  @Column('timestamptz', { name: 'joined_at', nullable: true }) joinedAt!: Date | null;
  /** The identity version this row reflects; 0 when fetched by request before any event arrived. */
  @Column('integer') version!: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
