import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrderFunds, type FundedOrder } from '../payouts/order-funds';
import { OrderItemsRepository } from './order-items.repository';
import { OrdersRepository } from './orders.repository';

/** The orders table behind payouts' `OrderFunds`. */
@Injectable()
export class OrdersAsFunds extends OrderFunds {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly items: OrderItemsRepository,
  ) {
    super();
  }

  async findById(orderId: string): Promise<FundedOrder | null> {
    const order = await this.orders.findById(orderId);
    return order && { ...order, itemCount: (await this.items.findByOrderId(orderId)).length || 1 };
  }

  lockById(manager: EntityManager, orderId: string): Promise<FundedOrder | null> {
    return this.orders.withManager(manager).lockById(orderId);
  }
}
