import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The last known state of each (user, product) favourite, kept so that favourite events applied in any
 * order, or twice, move a product's favourite count exactly once per real change.
 */
@Entity({ schema: 'catalog', name: 'favourite_states' })
export class FavouriteStateEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @PrimaryColumn('uuid', { name: 'product_id' }) productId!: string;
  @Column('boolean') favourited!: boolean;
  @Column('integer') version!: number;
}
