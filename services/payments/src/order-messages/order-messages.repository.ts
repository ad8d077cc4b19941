import { Injectable } from '@nestjs/common';
import { isoMicros } from '@souvenir/platform';
import { BaseRepository } from '../database/base.repository';
import type { KeysetPage, PagePosition } from '../database/keyset-page';

/** One row of payments.order_messages. */
export interface OrderMessageRow {
  id: string;
  orderId: string;
  author: 'buyer' | 'seller';
  content: string;
  createdAt: string;
}

/** payments.order_messages (plain SQL; order_messages_order_idx serves every read). */
@Injectable()
export class OrderMessagesRepository extends BaseRepository {
  async add(orderId: string, author: 'buyer' | 'seller', content: string): Promise<OrderMessageRow> {
    const [row] = (await this.db.query(
      `INSERT INTO payments.order_messages (order_id, author, content) VALUES ($1, $2, $3)
       RETURNING id, order_id AS "orderId", author, content, ${isoMicros('created_at')} AS "createdAt"`,
      [orderId, author, content],
    )) as OrderMessageRow[];
    return row!;
  }

  /** The newest `size` messages of the order before `before` (all of them without), newest first. */
  async newestPage(orderId: string, before: PagePosition | null, size: number): Promise<KeysetPage<OrderMessageRow>> {
    const rows = (await this.db.query(
      `SELECT id, order_id AS "orderId", author, content, ${isoMicros('created_at')} AS "createdAt"
       FROM payments.order_messages
       WHERE order_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
       ORDER BY created_at DESC, id DESC
       LIMIT $4`,
      [orderId, before?.at ?? null, before?.id ?? null, size + 1],
    )) as OrderMessageRow[];
    const items = rows.slice(0, size);
    const last = items[items.length - 1];
    return { items, next: rows.length > size && last ? { at: last.createdAt, id: last.id } : null };
  }
}
