import type { Condition, ProductStatus } from '@souvenir/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { SellerEntity } from '../sellers/seller.entity';

/** A listing. `search_vector` is a generated column maintained by Postgres and deliberately not mapped. */
@Entity({ schema: 'catalog', name: 'products' })
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'seller_id' }) sellerId!: string;
  @ManyToOne(() => SellerEntity, { nullable: false })
  @JoinColumn({ name: 'seller_id' })
  seller!: SellerEntity;
  @Column('text') title!: string;
  @Column('text') description!: string;
  /** numeric(12,2): pg returns it as a string with two decimals, exactly what the API shows. */
  @Column('numeric', { precision: 12, scale: 2 }) price!: string;
  @Column('numeric', { name: 'original_price', precision: 12, scale: 2, nullable: true }) originalPrice!: string | null;
  @Column('text') condition!: Condition;
  @Column('text') category!: string;
  @Column('text') country!: string;
  @Column('text', { array: true }) images!: string[];
  @Column('boolean', { name: 'is_customs_verified', default: false }) isCustomsVerified!: boolean;
  @Column('text', { default: 'active' }) status!: ProductStatus;
  /** The paid order that sold it (null while on sale, and for products sold before it was recorded). */
  @Column('uuid', { name: 'sold_order_id', nullable: true }) soldOrderId!: string | null;
  /** Sales and relistings so far: the sold and relisted events carry it (read models keep the newest). */
  @Column('integer', { name: 'sale_version', default: 0 }) saleVersion!: number;
  /** Maintained by the favourites events (later); orders the "popular" sort. */
  @Column('integer', { name: 'favorite_count', default: 0 }) favoriteCount!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
