import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One item of an offer on a bundle, as it was offered (migration 1739200000000-bundle-offers); position 0 leads. */
@Entity({ schema: 'payments', name: 'offer_items' })
export class OfferItemEntity {
  @PrimaryColumn('uuid', { name: 'offer_id' }) offerId!: string;
  @PrimaryColumn('smallint') position!: number;
  @Column('uuid', { name: 'product_id' }) productId!: string;
  @Column('text') title!: string;
  @Column('text', { nullable: true }) image!: string | null;
  @Column('integer', { name: 'price_cents' }) priceCents!: number;
}
