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
  @Column('boolean', { name: 'is_verified', default: false }) isVerified!: boolean;
  /** 'member' or 'support'; written only by scripts/support-grant.mjs, never through an RPC. */
  @Column('text', { default: 'member' }) role!: UserRole;
  /** Bumped on every profile change; carried by events so consumers can ignore stale ones. */
  @Column('integer', { default: 1 }) version!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
