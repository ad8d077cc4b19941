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
  /** The country `location` names (`countryOfLocation`): where this seller's items ship within; null: none. */
  @Column('text', { name: 'ships_from', nullable: true }) shipsFrom!: string | null;
  @Column('boolean', { name: 'is_verified', default: false }) isVerified!: boolean;
  /** reviews' rating of the seller: null and 0 without published reviews. */
  @Column('numeric', { name: 'rating_average', precision: 3, scale: 2, nullable: true }) ratingAverage!: string | null;
  @Column('integer', { name: 'rating_count', default: 0 }) ratingCount!: number;
  /** The rating event's version this row reflects (reviews numbers each user's rating changes). */
  @Column('integer', { name: 'rating_version', default: 0 }) ratingVersion!: number;
  /** When the account was created (the velocity rule's "new account"); null for rows stored before it was known. */
  @Column('timestamptz', { name: 'joined_at', nullable: true }) joinedAt!: Date | null;
  /** The identity version this row reflects; 0 when fetched by request before any event arrived. */
  @Column('integer') version!: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
