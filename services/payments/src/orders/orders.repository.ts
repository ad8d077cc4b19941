import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OrderStatus, PaymentProviderName } from '@souvenir/contracts';
import { In, IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import { OrderEntity } from './order.entity';
import { ProcessedProviderEventEntity } from './processed-provider-event.entity';

/** Orders that may still be paid: a new checkout of the same product by the same buyer reuses one of them. */
export const OPEN_STATUSES: OrderStatus[] = ['pending', 'requires_action', 'failed'];
const LIST_LIMIT = 200;

@Injectable()
export class OrdersRepository {
  constructor(@InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>) {}

  findByPaymentId(providerPaymentId: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ providerPaymentId });
  }

  findByPaymentIdForUpdate(manager: EntityManager, providerPaymentId: string): Promise<OrderEntity | null> {
    return manager.getRepository(OrderEntity).findOne({ where: { providerPaymentId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The buyer's unpaid order for this product at this price, if any (a signed-in user, or a guest by email). */
  findOpen(productId: string, buyer: { userId: string | null; email: string }, amountCents: number, provider: PaymentProviderName): Promise<OrderEntity | null> {
    return this.orders.findOne({
      where: {
        productId, amountCents, provider, status: In(OPEN_STATUSES),
        ...(buyer.userId ? { buyerUserId: buyer.userId } : { buyerUserId: IsNull(), contactEmail: buyer.email }),
      },
      order: { createdAt: 'DESC' },
    });
  }

  async hasPaidOrder(productId: string): Promise<boolean> {
    return this.orders.exists({ where: { productId, status: 'paid' } });
  }

  /** Unpaid orders of a product that has just been sold or removed. */
  findOpenForProduct(manager: EntityManager, productId: string): Promise<OrderEntity[]> {
    return manager.getRepository(OrderEntity).find({ where: { productId, status: In(OPEN_STATUSES), providerPaymentId: Not(IsNull()) }, lock: { mode: 'pessimistic_write' } });
  }

  /** What the buyer bought or tried to buy (checkouts never attempted are left out), newest first. */
  findPurchases(buyerUserId: string): Promise<OrderEntity[]> {
    return this.orders.find({ where: { buyerUserId, status: Not('pending') }, order: { createdAt: 'DESC' }, take: LIST_LIMIT });
  }

  /** What the seller has to ship, newest first. */
  findSales(sellerId: string): Promise<OrderEntity[]> {
    return this.orders.find({ where: { sellerId, status: 'paid' }, order: { createdAt: 'DESC' }, take: LIST_LIMIT });
  }

  /** Records a webhook event; false when it was already applied. */
  async recordProviderEvent(manager: EntityManager, event: { provider: string; id: string; type: string }): Promise<boolean> {
    const inserted = await manager.createQueryBuilder().insert().into(ProcessedProviderEventEntity)
      .values({ provider: event.provider, eventId: event.id, type: event.type })
      .orIgnore().returning(['eventId']).execute();
    return inserted.raw.length > 0;
  }
}
