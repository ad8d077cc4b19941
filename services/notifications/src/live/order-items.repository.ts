import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What an order is about, for the sentences that name the item. */
export interface OrderItem {
  productTitle: string;
  sellerId: string;
}

/** notifications.order_items: each order's item title and seller, kept from payments' order events (plain SQL). */
@Injectable()
export class OrderItemsRepository {
  /** Keeps the title an order event carries (events written before titles were carried have none: nothing kept). */
  async save(
    manager: EntityManager,
    order: { orderId: string; sellerId: string; productTitle?: string },
  ): Promise<void> {
    if (!order.productTitle) return;
    await manager.query(
      `INSERT INTO notifications.order_items (order_id, product_title, seller_id) VALUES ($1, $2, $3)
       ON CONFLICT (order_id) DO UPDATE SET product_title = excluded.product_title`,
      [order.orderId, order.productTitle, order.sellerId],
    );
  }

  /** Undefined when no event with the title has arrived for the order (the sentence then names no item). */
  async find(manager: EntityManager, orderId: string): Promise<OrderItem | undefined> {
    const [row] = (await manager.query(
      `SELECT product_title, seller_id FROM notifications.order_items WHERE order_id = $1`,
      [orderId],
    )) as { product_title: string; seller_id: string }[];
    return row && { productTitle: row.product_title, sellerId: row.seller_id };
  }
}
