import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { EntryKind, LedgerLine } from './ledger-entries';

export interface NewEntry {
  kind: EntryKind;
  orderId: string;
  /** The seller whose accounts the seller lines move. */
  sellerId: string;
  payoutId?: string | null;
  lines: LedgerLine[];
}

/** A seller's three balances, in cents. */
export interface SellerBalances {
  held: number;
  available: number;
  paidOut: number;
}

const SELLER_ACCOUNTS = new Set(['held', 'seller_balance', 'seller_paid_out']);

/**
 * Writes journal entries and reads balances. An entry is posted in the caller's transaction, the one that changes the
 * order or payout it records, so a state change and its money movement commit together or not at all. Each entry has
 * a key (`<kind>:<order>`): posting it again (a replayed job or webhook) changes nothing, so nothing moves twice.
 */
@Injectable()
export class Ledger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Answers false when the entry was already posted. */
  async post(manager: EntityManager, entry: NewEntry): Promise<boolean> {
    const [row] = await manager.query<{ id: string }[]>(
      `INSERT INTO payments.ledger_entries (kind, idempotency_key, order_id, payout_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [entry.kind, `${entry.kind}:${entry.orderId}`, entry.orderId, entry.payoutId ?? null],
    );
    if (!row) return false;
    if (entry.lines.length === 0) throw new Error(`ledger entry ${entry.kind} for ${entry.orderId} has no lines`);
    await manager.query(
      `INSERT INTO payments.ledger_lines (entry_id, account, seller_id, amount_cents)
       SELECT $1, account, CASE WHEN account = ANY($4::text[]) THEN $2::uuid END, amount FROM unnest($3::text[], $5::bigint[]) AS l(account, amount)`,
      [
        row.id,
        entry.sellerId,
        entry.lines.map((l) => l.account),
        [...SELLER_ACCOUNTS],
        entry.lines.map((l) => l.amountCents),
      ],
    );
    return true;
  }

  /** Whether an order already has an entry of this kind. */
  async has(manager: EntityManager, kind: EntryKind, orderId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(`SELECT 1 FROM payments.ledger_entries WHERE idempotency_key = $1`, [
      `${kind}:${orderId}`,
    ]);
    return rows.length > 0;
  }

  async balances(sellerId: string): Promise<SellerBalances> {
    const rows = await this.dataSource.query<{ account: string; cents: string }[]>(
      `SELECT account, sum(amount_cents)::text AS cents FROM payments.ledger_lines WHERE seller_id = $1 GROUP BY account`,
      [sellerId],
    );
    const of = (account: string) => Number(rows.find((r) => r.account === account)?.cents ?? 0);
    return { held: of('held'), available: of('seller_balance'), paidOut: of('seller_paid_out') };
  }
}
