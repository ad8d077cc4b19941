import type { UserRole } from '@souvenir/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ schema: 'identity', name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('text') username!: string;
  @Column('text') email!: string;
  @Column('text', { name: 'password_hash', select: false }) passwordHash!: string;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text', { nullable: true }) avatar!: string | null;
  @Column('text', { nullable: true }) location!: string | null;
  /** Earned: follows payments' seller standing (see `isVerifiedBy`), never written otherwise. */
  @Column('boolean', { name: 'is_verified', default: false }) isVerified!: boolean;
  /** payments' seller standing, as of `standingVersion` (0: none received). */
  @Column('boolean', { name: 'payouts_active', default: false }) payoutsActive!: boolean;
  @Column('integer', { name: 'completed_sales', default: 0 }) completedSales!: number;
  @Column('integer', { name: 'standing_version', default: 0 }) standingVersion!: number;
  /** reviews' rating of the user, as of `ratingVersion` (0: none received); numeric as pg's text. */
  @Column('numeric', { name: 'rating_average', precision: 3, scale: 2, nullable: true }) ratingAverage!: string | null;
  @Column('integer', { name: 'rating_count', default: 0 }) ratingCount!: number;
  @Column('integer', { name: 'rating_version', default: 0 }) ratingVersion!: number;
  /** The owner confirmed the address by a mailed link (or reset the password through one). */
  @Column('boolean', { name: 'email_verified', default: false }) emailVerified!: boolean;
  /** Two-step sign-in is on (its secret and codes live in identity.two_factor); mirrored here for Me. */
  @Column('boolean', { name: 'two_factor_enabled', default: false }) twoFactorEnabled!: boolean;
  /** 'member' or 'support'; written only by scripts/support-grant.mjs, never through an RPC. */
  @Column('text', { default: 'member' }) role!: UserRole;
  /** Bumped on every profile change; carried by events so consumers can ignore stale ones. */
  @Column('integer', { default: 1 }) version!: number;
  /** Set when the owner deleted the account: the row stays, its personal fields overwritten. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true }) deletedAt!: Date | null;
  /** Set when support suspended the account (moderation's decision): sign-in is refused. */
  @Column('timestamptz', { name: 'suspended_at', nullable: true }) suspendedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
