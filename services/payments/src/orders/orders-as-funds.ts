import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrderFunds, type FundedOrder } from '../payouts/order-funds';
import { OrdersRepository } from './orders.repository';

/** The orders table behind payouts' `OrderFunds`. */
@Injectable()
export class OrdersAsFunds extends OrderFunds {
  constructor(private readonly orders: OrdersRepository) {
    super();
  }

  findById(orderId: string): Promise<FundedOrder | null> {
    return this.orders.findById(orderId);
  }

  lockById(manager: EntityManager, orderId: string): Promise<FundedOrder | null> {
    return this.orders.withManager(manager).lockById(orderId);
  }
}
