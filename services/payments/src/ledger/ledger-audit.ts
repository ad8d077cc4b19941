/**
 * Checks the ledger against the orders and payouts it records (`npm run ledger:audit` on a live database, and the
 * tests after every history they play). Each check is one statement that answers the rows that break a rule, so an
 * empty answer everywhere means every cent is where the orders say it is.
 */

export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface AuditFinding {
  rule: string;
  rows: Record<string, unknown>[];
}

/** The sum of an order's lines on one account, by entry kind (a helper view used by the rules below). */
const ORDER_FLOWS = `
  WITH flows AS (
    SELECT e.order_id,
           bool_or(e.kind = 'payment') AS paid, bool_or(e.kind = 'release') AS released, bool_or(e.kind = 'refund') AS refunded,
           bool_or(e.kind = 'transfer') AS transferred, bool_or(e.kind = 'transfer_reversal') AS reversed, bool_or(e.kind = 'chargeback') AS charged_back,
           coalesce(sum(l.amount_cents) FILTER (WHERE l.account = 'held'), 0) AS held
    FROM payments.ledger_entries e JOIN payments.ledger_lines l ON l.entry_id = e.id
    GROUP BY e.order_id
  )`;

const RULES: { rule: string; sql: string }[] = [
  {
    rule: 'every entry balances (its lines sum to zero) and has lines',
    sql: `SELECT e.id, e.kind, e.order_id, coalesce(sum(l.amount_cents), 0)::text AS total, count(l.*) AS lines
          FROM payments.ledger_entries e LEFT JOIN payments.ledger_lines l ON l.entry_id = e.id
          GROUP BY e.id HAVING count(l.*) = 0 OR sum(l.amount_cents) <> 0`,
  },
  {
    rule: 'an order has a payment entry of its amount exactly when its card was captured',
    sql: `SELECT o.id, o.paid_at, o.amount_cents::text, p.cents::text AS entry
          FROM payments.orders o
          LEFT JOIN (SELECT e.order_id, l.amount_cents AS cents FROM payments.ledger_entries e
                     JOIN payments.ledger_lines l ON l.entry_id = e.id AND l.account = 'held' WHERE e.kind = 'payment') p ON p.order_id = o.id
          WHERE (o.captured_at IS NULL) <> (p.order_id IS NULL) OR p.cents <> o.amount_cents
             OR (o.captured_at IS NOT NULL AND o.paid_at IS NULL)`,
  },
  {
    rule: 'a sale is captured within a day, or its authorisation released (a card authorisation lasts about seven days)',
    sql: `SELECT o.id, o.status, o.paid_at FROM payments.orders o
          WHERE o.paid_at < now() - interval '1 day' AND o.captured_at IS NULL AND o.refunded_at IS NULL`,
  },
  {
    rule: 'a completed order released its money to the seller once, and only completed orders did (unless the bank took it back first)',
    sql: `${ORDER_FLOWS}
          SELECT o.id, o.status, f.released, o.card_dispute_status FROM payments.orders o LEFT JOIN flows f ON f.order_id = o.id
          WHERE coalesce(f.released, false) <> (o.status = 'completed' AND NOT (coalesce(f.charged_back, false) AND NOT coalesce(f.released, false)))`,
  },
  {
    rule: 'a refund entry exists exactly when the provider confirmed the refund of a captured payment (refunded_at), and never for a completed order unless a claim refunded some of its items (refund_cents)',
    sql: `${ORDER_FLOWS}
          SELECT o.id, o.status, o.refunded_at, f.refunded, f.released FROM payments.orders o LEFT JOIN flows f ON f.order_id = o.id
          WHERE (o.captured_at IS NOT NULL AND coalesce(f.refunded, false) <> (o.refunded_at IS NOT NULL))
             OR (f.refunded AND f.released AND o.refund_cents IS NULL)
             OR (o.captured_at IS NULL AND f.refunded)`,
  },
  {
    rule: 'money is held exactly for paid orders that are not completed, refunded or charged back (and for the refund a claim decided on some items of a completed one, until it is made)',
    sql: `${ORDER_FLOWS}
          SELECT o.id, o.status, f.held::text, o.amount_cents::text FROM payments.orders o JOIN flows f ON f.order_id = o.id
          WHERE f.held <> CASE WHEN f.refunded OR f.charged_back THEN 0 WHEN f.released THEN coalesce(o.refund_cents, 0)
                                ELSE o.amount_cents END`,
  },
  {
    rule: 'every completed order that was not charged back has one payout of its amount (less what a claim refunded) less the fee',
    sql: `${ORDER_FLOWS}
          SELECT o.id, p.id AS payout, o.amount_cents::text, p.amount_cents::text AS payout_cents, p.fee_cents::text
          FROM payments.orders o JOIN flows f ON f.order_id = o.id LEFT JOIN payments.payouts p ON p.order_id = o.id
          WHERE f.released AND (p.id IS NULL OR p.amount_cents + p.fee_cents <> o.amount_cents - coalesce(o.refund_cents, 0))`,
  },
  {
    rule: 'a payout is transferred exactly when it is paid (or was, before a reversal), for its amount, and never twice',
    sql: `SELECT p.id, p.status, t.cents::text AS transferred, p.amount_cents::text
          FROM payments.payouts p
          LEFT JOIN (SELECT e.payout_id, l.amount_cents AS cents FROM payments.ledger_entries e
                     JOIN payments.ledger_lines l ON l.entry_id = e.id AND l.account = 'seller_paid_out' WHERE e.kind = 'transfer') t ON t.payout_id = p.id
          WHERE (t.payout_id IS NOT NULL) <> (p.provider_transfer_id IS NOT NULL) OR t.cents <> p.amount_cents
             OR (p.status = 'paid') <> (p.provider_transfer_id IS NOT NULL AND p.reversed_at IS NULL)`,
  },
  {
    rule: "each seller's balances are what their payouts say: available = payouts not paid yet, paid out = payouts paid",
    sql: `WITH ledger AS (
            SELECT seller_id, coalesce(sum(amount_cents) FILTER (WHERE account = 'seller_balance'), 0) AS available,
                   coalesce(sum(amount_cents) FILTER (WHERE account = 'seller_paid_out'), 0) AS paid_out
            FROM payments.ledger_lines WHERE seller_id IS NOT NULL GROUP BY seller_id),
          expected AS (
            SELECT seller_id, coalesce(sum(amount_cents) FILTER (WHERE status IN ('waiting', 'pending', 'failed')), 0) AS available,
                   coalesce(sum(amount_cents) FILTER (WHERE status = 'paid'), 0) AS paid_out
            FROM payments.payouts GROUP BY seller_id)
          SELECT coalesce(l.seller_id, x.seller_id) AS seller_id, l.available::text, x.available::text AS expected_available,
                 l.paid_out::text, x.paid_out::text AS expected_paid_out
          FROM ledger l FULL JOIN expected x ON x.seller_id = l.seller_id
          WHERE coalesce(l.available, 0) <> coalesce(x.available, 0) OR coalesce(l.paid_out, 0) <> coalesce(x.paid_out, 0)`,
  },
];

export async function auditLedger(query: Query): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = [];
  for (const { rule, sql } of RULES) {
    const rows = await query<Record<string, unknown>>(sql);
    if (rows.length) findings.push({ rule, rows: rows.slice(0, 20) });
  }
  return findings;
}
