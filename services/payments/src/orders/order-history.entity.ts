import type { OrderActor, OrderStatus } from '@souvenir/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One transition of an order (who, when, from, to, why), appended in the transition's transaction. */
@Entity({ schema: 'payments', name: 'order_history' })
export class OrderHistoryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @Column('uuid', { name: 'order_id' }) orderId!: string;
  @Column('timestamptz', { default: () => 'now()' }) at!: Date;
  @Column('text') actor!: OrderActor;
  @Column('text', { name: 'from_status', nullable: true }) from!: OrderStatus | null;
  @Column('text', { name: 'to_status' }) to!: OrderStatus;
  @Column('text', { nullable: true }) reason!: string | null;
}
