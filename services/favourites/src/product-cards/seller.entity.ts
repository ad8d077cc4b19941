import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Read model of the seller shown on a favourited product's card, fed by identity's user events. */
@Entity({ schema: 'favourites', name: 'sellers' })
export class SellerEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text', { nullable: true }) avatar!: string | null;
  @Column('boolean', { name: 'is_verified', default: false }) isVerified!: boolean;
  /** The identity version this row reflects; 0 when taken from a product card before any event arrived. */
  @Column('integer') version!: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
