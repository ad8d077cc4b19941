import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type ProductSummaryStatus = 'active' | 'sold' | 'removed';

/** Read model of a product's title and seller, fed by catalog's product events. */
@Entity({ schema: 'messaging', name: 'products' })
export class ProductSummaryEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'seller_id' }) sellerId!: string;
  /** Null only while a removed/sold event has arrived before the product's listed event. */
  @Column('text', { nullable: true }) title!: string | null;
  @Column('text', { default: 'active' }) status!: ProductSummaryStatus;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
