import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OrderStatus, PaymentProviderName } from '@souvenir/contracts';
import { In, IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import { SOLD_STATUSES } from './order-lifecycle';
import { OrderEntity } from './order.entity';
import { ProcessedProviderEventEntity } from './processed-provider-event.entity';

/** Orders that may still be paid: a new checkout of the same product by the same buyer reuses one of them. */
export const OPEN_STATUSES: OrderStatus[] = ['pending', 'requires_action', 'failed'];
const LIST_LIMIT = 200;

@Injectable()
export class OrdersRepository {
  constructor(@InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>) {}

  findById(id: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ id });
  }

  findByPaymentId(providerPaymentId: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ providerPaymentId });
  }

  findByPaymentIdForUpdate(manager: EntityManager, providerPaymentId: string): Promise<OrderEntity | null> {
    return manager
      .getRepository(OrderEntity)
      .findOne({ where: { providerPaymentId }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The buyer's unpaid order for this product at this price, if any: a signed-in user's by their id, a guest's only
   * by the checkout token their browser kept (an e-mail address is no proof of who is asking).
   */
  findOpen(
    productId: string,
    buyer: { userId: string } | { checkoutTokenHash: string },
    amountCents: number,
    provider: PaymentProviderName,
  ): Promise<OrderEntity | null> {
    return this.orders.findOne({
      where: {
        productId,
        amountCents,
        provider,
        status: In(OPEN_STATUSES),
        closedAt: IsNull(),
        ...('userId' in buyer
          ? { buyerUserId: buyer.userId }
          : { buyerUserId: IsNull(), checkoutTokenHash: buyer.checkoutTokenHash }),
      },
      order: { createdAt: 'DESC' },
    });
  }

  save(order: OrderEntity): Promise<OrderEntity> {
    return this.orders.save(order);
  }

  create(fields: Partial<OrderEntity>): OrderEntity {
    return this.orders.create(fields);
  }

  async setPaymentId(orderId: string, providerPaymentId: string): Promise<void> {
    await this.orders.update({ id: orderId }, { providerPaymentId });
  }

  /** Whether the product is sold (an order holds it; a cancelled one has put it back on sale). */
  async hasPaidOrder(productId: string): Promise<boolean> {
    return this.orders.exists({ where: { productId, status: In(SOLD_STATUSES) } });
  }

  /** Unpaid orders of a product that has just been sold or removed, not closed yet (locked until the caller commits). */
  findOpenForProduct(manager: EntityManager, productId: string): Promise<OrderEntity[]> {
    return manager
      .getRepository(OrderEntity)
      .find({
        where: { productId, status: In(OPEN_STATUSES), closedAt: IsNull() },
        lock: { mode: 'pessimistic_write' },
      });
  }

  /**
   * Unpaid orders with an intent that the sweep should compare with their provider's state: started within
   * `windowDays`, untouched for `graceSeconds` (a checkout in progress is left alone), least recently checked first.
   */
  findUnsettled(limit: number, graceSeconds: number, windowDays: number): Promise<OrderEntity[]> {
    return this.orders
      .createQueryBuilder('o')
      .where('o.status IN (:...open) AND o.provider_payment_id IS NOT NULL', { open: OPEN_STATUSES })
      .andWhere(
        `o.created_at > now() - make_interval(days => :windowDays) AND o.updated_at < now() - make_interval(secs => :graceSeconds)`,
        { windowDays, graceSeconds },
      )
      .orderBy('o.last_checked_at', 'ASC', 'NULLS FIRST')
      .addOrderBy('o.created_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Closes an order that was never paid (its payment is being refunded): it can no longer become a sale. */
  async closeIfUnpaid(orderId: string): Promise<void> {
    await this.orders
      .createQueryBuilder()
      .update()
      .set({ closedAt: () => 'coalesce(closed_at, now())' })
      .where('id = :orderId AND status IN (:...open)', { orderId, open: OPEN_STATUSES })
      .execute();
  }

  async markChecked(orderIds: string[]): Promise<void> {
    if (orderIds.length)
      await this.orders
        .createQueryBuilder()
        .update()
        .set({ lastCheckedAt: () => 'now()', updatedAt: () => 'updated_at' })
        .whereInIds(orderIds)
        .execute();
  }

  /** What the buyer bought or tried to buy (checkouts never attempted are left out), newest first. */
  findPurchases(buyerUserId: string): Promise<OrderEntity[]> {
    return this.orders.find({
      where: { buyerUserId, status: Not('pending') },
      order: { createdAt: 'DESC' },
      take: LIST_LIMIT,
    });
  }

  /** What the seller has to ship, newest first. */
  findSales(sellerId: string): Promise<OrderEntity[]> {
    return this.orders.find({ where: { sellerId, status: 'paid' }, order: { createdAt: 'DESC' }, take: LIST_LIMIT });
  }

  /** Records a webhook event that changes no order. */
  async recordProviderEventAlone(event: { provider: string; id: string; type: string }): Promise<void> {
    await this.orders.manager.transaction((manager) => this.recordProviderEvent(manager, event));
  }

  /** Records a webhook event; false when it was already applied. */
  async recordProviderEvent(
    manager: EntityManager,
    event: { provider: string; id: string; type: string },
  ): Promise<boolean> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(ProcessedProviderEventEntity)
      .values({ provider: event.provider, eventId: event.id, type: event.type })
      .orIgnore()
      .returning(['eventId'])
      .execute();
    return inserted.raw.length > 0;
  }
}
