import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../database/base.repository';
import type { OrderEntity } from './order.entity';

/** payments.order_links: the hashes of the private order links mailed to guests (plain SQL, by primary key). */
@Injectable()
export class OrderLinksRepository extends BaseRepository {
  async add(orderId: string, tokenHash: string, validDays: number): Promise<void> {
    await this.db.query(
      `INSERT INTO payments.order_links (token_hash, order_id, expires_at)
       VALUES ($1, $2, now() + make_interval(days => $3))`,
      [tokenHash, orderId, validDays],
    );
  }

  /** The order a link opens, while the link is valid. */
  async orderIdOf(tokenHash: string): Promise<string | null> {
    const [row] = (await this.db.query(
      `SELECT order_id FROM payments.order_links WHERE token_hash = $1 AND expires_at > now()`,
      [tokenHash],
    )) as { order_id: string }[];
    return row?.order_id ?? null;
  }

  /** The newest paid guest orders of an address, any case (orders_guest_email_idx). */
  async paidGuestOrderIds(email: string, limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT id FROM payments.orders
       WHERE lower(contact_email) = lower($1) AND buyer_user_id IS NULL AND paid_at IS NOT NULL
       ORDER BY paid_at DESC LIMIT $2`,
      [email, limit],
    )) as Pick<OrderEntity, 'id'>[];
    return rows.map((row) => row.id);
  }
}
