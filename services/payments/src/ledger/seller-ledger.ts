import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PayoutStatus } from '@souvenir/contracts';
import type { DataSource } from 'typeorm';
import type { EntryKind } from './ledger-entries';

/** Cents a journal entry moved in each of the seller's three balances. */
export interface SellerBalancesCents {
  held: number;
  available: number;
  paidOut: number;
}

/** One journal entry as its seller sees it: what it moved, and their balances right after it. */
export interface SellerEntry {
  id: string;
  kind: EntryKind;
  at: Date;
  orderId: string;
  productTitle: string;
  change: SellerBalancesCents;
  after: SellerBalancesCents;
  /** The platform's share of the entry (a release's fee), in cents. */
  feeCents: number;
  payout: { status: PayoutStatus; failureMessage: string | null } | null;
}

interface EntryRow {
  id: string;
  kind: EntryKind;
  created_at: Date;
  order_id: string;
  product_title: string;
  held: string;
  available: string;
  paid_out: string;
  held_after: string;
  available_after: string;
  paid_out_after: string;
  fee_cents: string;
  payout_status: PayoutStatus | null;
  failure_message: string | null;
}

/**
 * A seller's journal, entry by entry, newest first, with running balances. The running sums are taken over every
 * entry of the seller in posting order (the entry id), so the newest entry's balances are exactly the sums the
 * balance cards show, whatever page is read; the keyset (`id < cursor`) applies after the sums.
 */
@Injectable()
export class SellerLedger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async page(
    sellerId: string,
    beforeEntryId: string | null,
    size: number,
  ): Promise<{ items: SellerEntry[]; next: string | null }> {
    const rows = await this.dataSource.query<EntryRow[]>(
      `WITH entries AS (
         SELECT l.entry_id AS id,
                coalesce(sum(l.amount_cents) FILTER (WHERE l.account = 'held'), 0) AS held,
                coalesce(sum(l.amount_cents) FILTER (WHERE l.account = 'seller_balance'), 0) AS available,
                coalesce(sum(l.amount_cents) FILTER (WHERE l.account = 'seller_paid_out'), 0) AS paid_out
         FROM payments.ledger_lines l
         WHERE l.seller_id = $1
         GROUP BY l.entry_id
       ), running AS (
         SELECT id, held, available, paid_out,
                sum(held) OVER w AS held_after, sum(available) OVER w AS available_after, sum(paid_out) OVER w AS paid_out_after
         FROM entries
         WINDOW w AS (ORDER BY id)
       )
       SELECT r.id::text AS id, e.kind, e.created_at, e.order_id, o.product_title,
              r.held::text, r.available::text, r.paid_out::text,
              r.held_after::text, r.available_after::text, r.paid_out_after::text,
              coalesce(fee.amount_cents, 0)::text AS fee_cents,
              CASE WHEN e.kind = 'release' THEN p.status END AS payout_status,
              CASE WHEN e.kind = 'release' THEN p.failure_message END AS failure_message
       FROM running r
       JOIN payments.ledger_entries e ON e.id = r.id
       JOIN payments.orders o ON o.id = e.order_id
       LEFT JOIN payments.ledger_lines fee ON fee.entry_id = r.id AND fee.account = 'platform_fees'
       LEFT JOIN payments.payouts p ON p.order_id = e.order_id
       WHERE $2::bigint IS NULL OR r.id < $2::bigint
       ORDER BY r.id DESC
       LIMIT $3`,
      [sellerId, beforeEntryId, size + 1],
    );
    const items = rows.slice(0, size).map(toSellerEntry);
    return { items, next: rows.length > size ? (items.at(-1)?.id ?? null) : null };
  }
}

function toSellerEntry(row: EntryRow): SellerEntry {
  return {
    id: row.id,
    kind: row.kind,
    at: row.created_at,
    orderId: row.order_id,
    productTitle: row.product_title,
    change: { held: Number(row.held), available: Number(row.available), paidOut: Number(row.paid_out) },
    after: {
      held: Number(row.held_after),
      available: Number(row.available_after),
      paidOut: Number(row.paid_out_after),
    },
    feeCents: Number(row.fee_cents),
    payout: row.payout_status ? { status: row.payout_status, failureMessage: row.failure_message } : null,
  };
}
