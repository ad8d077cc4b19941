import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One user's favourite of one product. Un-favouriting keeps the row inactive so that its `version` keeps
 * growing: events carry it and consumers can order add/remove pairs that arrive out of order.
 */
@Entity({ schema: 'favourites', name: 'favourites' })
export class FavouriteEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @PrimaryColumn('uuid', { name: 'product_id' }) productId!: string;
  @Column('boolean', { name: 'is_active' }) isActive!: boolean;
  @Column('integer') version!: number;
  /** Deactivated because its product was sold: active again if the sale is undone (product relisted). */
  @Column('boolean', { name: 'held_by_sale', default: false }) heldBySale!: boolean;
  /** When it was (last) favourited: the list's order. */
  @Column('timestamptz', { name: 'favourited_at' }) favouritedAt!: Date;
}
