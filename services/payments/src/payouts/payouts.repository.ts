import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../database/base.repository';
import { keysetPage, type KeysetPage, type PagePosition } from '../database/keyset-page';
import type { FundedOrder } from './order-funds';
import { PayoutEntity } from './payout.entity';

/** A payout with the order it pays for. */
export type PayoutWithOrder = PayoutEntity & { order: FundedOrder };

/** The payouts table (one payout per order). Methods that lock a row need `withManager(transaction)`. */
@Injectable()
export class PayoutsRepository extends BaseRepository {
  private get payouts() {
    return this.db.getRepository(PayoutEntity);
  }

  save(payout: PayoutEntity): Promise<PayoutEntity> {
    return this.payouts.save(payout);
  }

  findById(id: string): Promise<PayoutEntity | null> {
    return this.payouts.findOneBy({ id });
  }

  findByOrderId(orderId: string): Promise<PayoutEntity | null> {
    return this.payouts.findOneBy({ orderId });
  }

  lockById(id: string): Promise<PayoutEntity | null> {
    return this.payouts.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  lockByOrderId(orderId: string): Promise<PayoutEntity | null> {
    return this.payouts.findOne({ where: { orderId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The order's payout, unless it has one already; answers the new payout's id, or null. */
  async insertOnce(
    payout: Pick<PayoutEntity, 'orderId' | 'sellerId' | 'amountCents' | 'feeCents' | 'currency' | 'status'>,
  ): Promise<string | null> {
    const [inserted] = await this.db.query<{ id: string }[]>(
      `INSERT INTO payments.payouts (order_id, seller_id, amount_cents, fee_cents, currency, status) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (order_id) DO NOTHING RETURNING id`,
      [payout.orderId, payout.sellerId, payout.amountCents, payout.feeCents, payout.currency, payout.status],
    );
    return inserted?.id ?? null;
  }

  /** The seller's waiting or refused payouts, except those of an order under an open card dispute, back to pending. */
  async resumeWaiting(sellerId: string): Promise<string[]> {
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const [resumed] = await this.db.query<[{ id: string }[], number]>(
      `UPDATE payments.payouts p SET status = 'pending', failure_message = NULL
       FROM payments.orders o
       WHERE p.order_id = o.id AND p.seller_id = $1 AND p.status IN ('waiting', 'failed') AND o.card_dispute_status IS DISTINCT FROM 'open'
       RETURNING p.id`,
      [sellerId],
    );
    return resumed.map((r) => r.id);
  }

  /** A pending payout that cannot be paid yet goes back to waiting (for its account, or for a dispute to close). */
  async markWaiting(id: string): Promise<void> {
    await this.payouts.update({ id, status: 'pending' }, { status: 'waiting' });
  }

  /** A pending payout whose transfer the provider refused. */
  async markRefused(id: string, failureMessage: string): Promise<void> {
    await this.payouts.update({ id, status: 'pending' }, { status: 'failed', failureMessage });
  }

  /** Payouts still pending after `olderThan` (a Postgres interval), oldest first. */
  async findStalledIds(olderThan: string, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM payments.payouts WHERE status = 'pending' AND created_at < now() - $1::interval ORDER BY created_at LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((r) => r.id);
  }

  /** One page of a seller's payouts with their orders, newest first (one statement, orders joined). */
  findSellerPage(sellerId: string, after: PagePosition | null, size: number): Promise<KeysetPage<PayoutWithOrder>> {
    const query = this.payouts
      .createQueryBuilder('p')
      // The orders table by its entity's name: payouts/ reads orders without importing orders/.
      .innerJoinAndMapOne('p.order', 'OrderEntity', 'o', 'o.id = p.order_id')
      .where('p.seller_id = :actorId', { actorId: sellerId });
    return keysetPage(query, { at: 'p.created_at', id: 'p.id', direction: 'DESC' }, after, size) as Promise<
      KeysetPage<PayoutWithOrder>
    >;
  }
}
