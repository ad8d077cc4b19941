import { Injectable } from '@nestjs/common';
import { CHECKOUT_STATUSES, type PaymentProviderName, SOLD_STATUSES } from '@souvenir/contracts';
import { In, IsNull, Not } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { keysetPage, type KeysetPage, type PagePosition } from '../database/keyset-page';
import { OrderEntity } from './order.entity';

const LIST_LIMIT = 200;

/** The orders table: every read and write of an order. Methods that lock a row need `withManager(transaction)`. */
@Injectable()
export class OrdersRepository extends BaseRepository {
  private get orders() {
    return this.db.getRepository(OrderEntity);
  }

  create(fields: Partial<OrderEntity>): OrderEntity {
    return this.orders.create(fields);
  }

  save(order: OrderEntity): Promise<OrderEntity> {
    return this.orders.save(order);
  }

  findById(id: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ id });
  }

  findByPaymentId(providerPaymentId: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ providerPaymentId });
  }

  /** Paid orders by id, newest payment first (the mails' facts; never an unpaid checkout). */
  findPaidByIds(ids: string[]): Promise<OrderEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.orders.find({ where: { id: In(ids), paidAt: Not(IsNull()) }, order: { paidAt: 'DESC' } });
  }

  /** A guest's order by the hash of its private token (the newest, should a token ever have been reused). */
  findByCheckoutToken(checkoutTokenHash: string): Promise<OrderEntity | null> {
    return this.orders.findOne({ where: { checkoutTokenHash }, order: { createdAt: 'DESC' } });
  }

  lockById(id: string): Promise<OrderEntity | null> {
    return this.orders.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  lockByPaymentId(providerPaymentId: string): Promise<OrderEntity | null> {
    return this.orders.findOne({ where: { providerPaymentId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order a card dispute is about: by its charge, or by its payment intent when the provider names one. */
  lockByCharge(chargeId: string, paymentIntentId: string | null): Promise<OrderEntity | null> {
    return this.orders
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.provider_charge_id = :charge', { charge: chargeId })
      .orWhere(paymentIntentId ? 'o.provider_payment_id = :intent' : 'false', { intent: paymentIntentId })
      .getOne();
  }

  /**
   * The buyer's unpaid order for exactly these items (in this order) at this price, if any: a signed-in user's by
   * their id, a guest's only by the checkout token their browser kept (an e-mail address is no proof of who is
   * asking). A single checkout never resumes a bundle that starts with its product, nor the other way round.
   */
  findOpen(
    productIds: string[],
    buyer: { userId: string } | { checkoutTokenHash: string },
    amountCents: number,
    provider: PaymentProviderName,
  ): Promise<OrderEntity | null> {
    const query = this.orders
      .createQueryBuilder('o')
      .where('o.product_id = :first AND o.amount_cents = :amountCents AND o.provider = :provider', {
        first: productIds[0],
        amountCents,
        provider,
      })
      .andWhere('o.status IN (:...open) AND o.closed_at IS NULL', { open: CHECKOUT_STATUSES })
      .andWhere(
        `(SELECT array_agg(i.product_id ORDER BY i.position) FROM payments.order_items i WHERE i.order_id = o.id)
           = CAST(:productIds AS uuid[])`,
        { productIds },
      );
    if ('userId' in buyer) query.andWhere('o.buyer_user_id = :userId', { userId: buyer.userId });
    else query.andWhere('o.buyer_user_id IS NULL AND o.checkout_token_hash = :hash', { hash: buyer.checkoutTokenHash });
    return query.orderBy('o.created_at', 'DESC').getOne();
  }

  async setPaymentId(orderId: string, providerPaymentId: string): Promise<void> {
    await this.orders.update({ id: orderId }, { providerPaymentId });
  }

  /**
   * Which of these products are sold (an order holds them, alone or in a bundle; a cancelled one put them back on
   * sale, and a claim's refund of some of a bundle's items those items: the order's own row then speaks for none).
   */
  async soldAmong(productIds: string[]): Promise<Set<string>> {
    const rows = await this.db.query<{ product_id: string }[]>(
      `SELECT product_id FROM payments.orders
        WHERE product_id = ANY($1::uuid[]) AND status = ANY($2::text[]) AND refund_cents IS NULL
       UNION SELECT product_id FROM payments.order_items WHERE product_id = ANY($1::uuid[]) AND sold`,
      [productIds, [...SOLD_STATUSES]],
    );
    return new Set(rows.map((row) => row.product_id));
  }

  /**
   * Unpaid orders holding the product (alone or in a bundle) that has just been sold or removed, not closed yet
   * (locked until the caller commits).
   */
  lockOpenForProduct(productId: string): Promise<OrderEntity[]> {
    return this.orders
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.status IN (:...open) AND o.closed_at IS NULL', { open: CHECKOUT_STATUSES })
      .andWhere(
        '(o.product_id = :productId OR o.id IN (SELECT i.order_id FROM payments.order_items i WHERE i.product_id = :productId))',
        { productId },
      )
      .orderBy('o.id')
      .getMany();
  }

  /**
   * Whether a buyer is paying for the product now (alone or in a bundle): an unpaid, unclosed checkout touched within `holdMinutes`
   * (orders_open_checkout_idx). A failed card attempt does not count: nobody's amount is waiting on it. With
   * `exceptBuyerId`, that member's own checkouts do not count (a guest's always does).
   */
  async hasOpenCheckout(productId: string, holdMinutes: number, exceptBuyerId: string | null = null): Promise<boolean> {
    const rows: unknown[] = await this.orders.query(
      `SELECT 1 FROM payments.orders
        WHERE (product_id = $1 OR id IN (SELECT order_id FROM payments.order_items WHERE product_id = $1))
          AND status IN ('pending', 'requires_action') AND closed_at IS NULL
          AND updated_at > now() - make_interval(mins => $2)
          AND ($3::uuid IS NULL OR buyer_user_id IS DISTINCT FROM $3::uuid)
        LIMIT 1`,
      [productId, holdMinutes, exceptBuyerId],
    );
    return rows.length > 0;
  }

  /**
   * Unpaid orders with an intent that the sweep should compare with their provider's state: started within
   * `windowDays`, untouched for `graceSeconds` (a checkout in progress is left alone), least recently checked first.
   */
  findUnsettled(limit: number, graceSeconds: number, windowDays: number): Promise<OrderEntity[]> {
    return this.orders
      .createQueryBuilder('o')
      .where('o.status IN (:...open) AND o.provider_payment_id IS NOT NULL', { open: CHECKOUT_STATUSES })
      .andWhere(
        `o.created_at > now() - make_interval(days => :windowDays) AND o.updated_at < now() - make_interval(secs => :graceSeconds)`,
        { windowDays, graceSeconds },
      )
      .orderBy('o.last_checked_at', 'ASC', 'NULLS FIRST')
      .addOrderBy('o.created_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /**
   * Cancelled or refunded orders whose money has not gone back after `olderThan` (a Postgres interval), oldest first;
   * not those whose card dispute is open or lost (OrderRefunds waits for, or needs no, refund).
   */
  async findUnrefundedIds(olderThan: string, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM payments.orders
       WHERE status IN ('cancelled', 'refunded') AND paid_at IS NOT NULL AND refunded_at IS NULL AND updated_at < now() - $1::interval
         AND card_dispute_status IS DISTINCT FROM 'lost' AND card_dispute_status IS DISTINCT FROM 'open'
       ORDER BY updated_at LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Sales whose authorisation is still not captured after `olderThan` (a Postgres interval), oldest first. */
  async findUncapturedIds(olderThan: string, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM payments.orders
       WHERE paid_at IS NOT NULL AND captured_at IS NULL AND refunded_at IS NULL AND paid_at < now() - $1::interval
       ORDER BY paid_at LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Closes an order that was never paid (its payment is being refunded): it can no longer become a sale. */
  async closeIfUnpaid(orderId: string): Promise<void> {
    await this.orders
      .createQueryBuilder()
      .update()
      .set({ closedAt: () => 'coalesce(closed_at, now())' })
      .where('id = :orderId AND status IN (:...open)', { orderId, open: CHECKOUT_STATUSES })
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

  /** One page of a buyer's or a seller's paid orders, newest first; of one product (any of its items) when asked. */
  findPaidPage(
    party: { buyerUserId: string } | { sellerId: string },
    productId: string | null,
    after: PagePosition | null,
    size: number,
  ): Promise<KeysetPage<OrderEntity>> {
    const query = this.orders
      .createQueryBuilder('o')
      .where('buyerUserId' in party ? 'o.buyer_user_id = :actorId' : 'o.seller_id = :actorId', {
        actorId: 'buyerUserId' in party ? party.buyerUserId : party.sellerId,
      })
      .andWhere('o.paid_at IS NOT NULL');
    // A bundle's order holds the product among its items (order_items_product_idx), not only as its first.
    if (productId)
      query.andWhere(
        '(o.product_id = :productId OR o.id IN (SELECT i.order_id FROM payments.order_items i WHERE i.product_id = :productId))',
        { productId },
      );
    return keysetPage(query, { at: 'o.created_at', id: 'o.id', direction: 'DESC' }, after, size);
  }

  /** How many orders' card payments are disputed at the buyer's bank (by orders_card_disputes_idx). */
  countOpenCardDisputes(): Promise<number> {
    return this.orders.createQueryBuilder('o').where(`o.card_dispute_status = 'open'`).getCount();
  }

  /** One page of the orders whose card payment is disputed at the buyer's bank, oldest dispute first. */
  findOpenCardDisputesPage(after: PagePosition | null, size: number): Promise<KeysetPage<OrderEntity>> {
    const query = this.orders.createQueryBuilder('o').where(`o.card_dispute_status = 'open'`);
    return keysetPage(query, { at: 'o.card_dispute_opened_at', id: 'o.id', direction: 'ASC' }, after, size);
  }
}
