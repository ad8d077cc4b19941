import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Read model of the seller shown on a favourited product's card, fed by identity's user events. */
@Entity({ schema: 'favourites', name: 'sellers' })
export class SellerEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text', { nullable: true }) avatar!: string | null;
  @Column('boolean', { name: 'is_verified', default: false }) isVerified!: boolean;
  /** reviews' rating of the seller, as of `ratingVersion` (0: taken from a card or none yet). */
  @Column('numeric', { name: 'rating_average', precision: 3, scale: 2, nullable: true }) ratingAverage!: string | null;
  @Column('integer', { name: 'rating_count', default: 0 }) ratingCount!: number;
  @Column('integer', { name: 'rating_version', default: 0 }) ratingVersion!: number;
  /** The identity version this row reflects; 0 when taken from a product card before any event arrived. */
  @Column('integer') version!: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
