import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Read model of a seller's public profile, fed by identity's user events; product reads never call identity. */
@Entity({ schema: 'catalog', name: 'sellers' })
export class SellerEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { nullable: true }) username!: string | null;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text', { nullable: true }) avatar!: string | null;
  @Column('text', { nullable: true }) location!: string | null;
  @Column('boolean', { name: 'is_verified', default: false }) isVerified!: boolean;
  /** The identity version this row reflects; 0 when fetched by request before any event arrived. */
  @Column('integer') version!: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
