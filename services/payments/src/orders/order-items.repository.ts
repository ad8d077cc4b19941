import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { OrderItemEntity } from './order-item.entity';

/** The one-sale-per-product index on items (migration 1739100000000): a bundle's item already sold elsewhere. */
export const ONE_SALE_PER_ITEM_INDEX = 'order_items_one_sale_per_product_idx';

export type NewOrderItem = Pick<OrderItemEntity, 'productId' | 'title' | 'image' | 'priceCents' | 'shareCents'>;

/** The items of orders: written with the order at checkout, read in one query for any list of orders. */
@Injectable()
export class OrderItemsRepository extends BaseRepository {
  private get items() {
    return this.db.getRepository(OrderItemEntity);
  }

  /** A new order's items, in the order given (the first is the order's own product). */
  async insert(orderId: string, items: NewOrderItem[]): Promise<OrderItemEntity[]> {
    return this.items.save(items.map((item, position) => this.items.create({ ...item, orderId, position })));
  }

  /**
   * A resumed checkout's items as they are now (the same products, their titles or prices maybe edited since): updated
   * in place, never deleted and written again, so a payment recorded at this moment still finds every row to mark sold.
   */
  async refresh(orderId: string, items: NewOrderItem[]): Promise<void> {
    for (const { productId, ...fields } of items) await this.items.update({ orderId, productId }, fields);
  }

  /** An order's items, first item first. */
  findByOrderId(orderId: string): Promise<OrderItemEntity[]> {
    return this.items.find({ where: { orderId }, order: { position: 'ASC' } });
  }

  /** The items of many orders in one query, by order id (an order without rows maps to none). */
  async byOrderIds(orderIds: string[]): Promise<Map<string, OrderItemEntity[]>> {
    const byOrder = new Map<string, OrderItemEntity[]>();
    if (!orderIds.length) return byOrder;
    const rows = await this.items.find({
      where: { orderId: In([...new Set(orderIds)]) },
      order: { orderId: 'ASC', position: 'ASC' },
    });
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /**
   * Marks these items refunded now (in the transaction that decides their refund): no longer sold, so their seller
   * may sell them again (the status trigger keeps them so).
   */
  async markRefunded(orderId: string, itemIds: string[]): Promise<void> {
    if (itemIds.length)
      await this.items.update(
        { orderId, id: In(itemIds) },
        { refundedAt: () => 'coalesce(refunded_at, now())', sold: false },
      );
  }
}
