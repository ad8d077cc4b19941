import { Injectable } from '@nestjs/common';
import { EVENTS, type GetTrackRecordRequest, type OrderStatus, type TrackRecordDto } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';

/** What the track record reads of an order: its own shape, so that orders/ may count here without a circle. */
export interface CountedOrder {
  sellerId: string;
  paidAt: Date | null;
  shippedAt: Date | null;
  cancelRequestAt: Date | null;
}

/** An order's transition, as the track record counts it. */
export interface CountedChange {
  from: OrderStatus | null;
  to: OrderStatus;
}

/** `payments.seller_records` as stored. */
interface SellerRecordRow {
  seller_id: string;
  payouts_active: boolean;
  completed_sales: number;
  shipped_orders: number;
  ship_seconds_total: number;
  cancelled_unshipped: number;
  refunded_after_claim: number;
  closed_orders: number;
  standing_version: number;
}

/** What one order transition adds to its seller's record. */
interface Increments {
  completed: number;
  shipped: number;
  shipSeconds: number;
  cancelledUnshipped: number;
  refundedAfterClaim: number;
  closed: number;
}

/**
 * What a transition adds to the seller's track record: a shipment (and how long after the payment), a completed
 * sale, an order cancelled without shipping (by the seller unasked, or by the ship deadline; agreeing to the buyer's
 * request is not held against them), a refund after the buyer's claim. Null: nothing to count.
 */
export function incrementsOf(order: CountedOrder, change: CountedChange): Increments | null {
  const none = { completed: 0, shipped: 0, shipSeconds: 0, cancelledUnshipped: 0, refundedAfterClaim: 0, closed: 0 };
  if (change.from === change.to) return null;
  switch (change.to) {
    case 'shipped': {
      const seconds = order.shippedAt && order.paidAt ? (order.shippedAt.getTime() - order.paidAt.getTime()) / 1000 : 0;
      return { ...none, shipped: 1, shipSeconds: Math.max(0, seconds) };
    }
    case 'completed':
      return { ...none, completed: 1, closed: 1 };
    case 'cancelled':
      return { ...none, cancelledUnshipped: order.cancelRequestAt === null ? 1 : 0, closed: 1 };
    case 'refunded':
      return change.from === 'disputed' ? { ...none, refundedAfterClaim: 1, closed: 1 } : null;
    default:
      return null;
  }
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function toTrackRecordDto(sellerId: string, row: SellerRecordRow | undefined): TrackRecordDto {
  const closed = row?.closed_orders ?? 0;
  const share = (count: number) => (closed ? round(count / closed, 2) : null);
  return {
    sellerId,
    salesCompleted: row?.completed_sales ?? 0,
    averageHoursToShip: row?.shipped_orders ? round(row.ship_seconds_total / row.shipped_orders / 3600, 1) : null,
    ordersClosed: closed,
    cancelledUnshippedShare: share(row?.cancelled_unshipped ?? 0),
    refundedAfterClaimShare: share(row?.refunded_after_claim ?? 0),
  };
}

/**
 * Each seller's record (`payments.seller_records`): the track record's counters and the standing that makes them
 * Verified (identity decides the badge from `events.payments.seller-standing.changed`). Both move inside the
 * transaction of the change they count, as one upsert of the seller's row, and the standing event goes to the outbox
 * in that same transaction when the standing changed. Callers run it as the transaction's last step, so the row
 * lock is held briefly and always taken after the order's or the account's.
 */
@Injectable()
export class SellerRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Counts an order transition; a completed sale changes the standing. */
  async countTransition(manager: EntityManager, order: CountedOrder, change: CountedChange): Promise<void> {
    const add = incrementsOf(order, change);
    if (!add) return;
    const standingChanged = add.completed > 0 ? 1 : 0;
    const [row] = (await manager.query(
      `INSERT INTO payments.seller_records AS r (seller_id, completed_sales, shipped_orders, ship_seconds_total,
              cancelled_unshipped, refunded_after_claim, closed_orders, standing_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (seller_id) DO UPDATE SET
         completed_sales = r.completed_sales + EXCLUDED.completed_sales,
         shipped_orders = r.shipped_orders + EXCLUDED.shipped_orders,
         ship_seconds_total = r.ship_seconds_total + EXCLUDED.ship_seconds_total,
         cancelled_unshipped = r.cancelled_unshipped + EXCLUDED.cancelled_unshipped,
         refunded_after_claim = r.refunded_after_claim + EXCLUDED.refunded_after_claim,
         closed_orders = r.closed_orders + EXCLUDED.closed_orders,
         standing_version = r.standing_version + EXCLUDED.standing_version,
         updated_at = now()
       RETURNING *`,
      [
        order.sellerId,
        add.completed,
        add.shipped,
        add.shipSeconds,
        add.cancelledUnshipped,
        add.refundedAfterClaim,
        add.closed,
        standingChanged,
      ],
    )) as SellerRecordRow[];
    if (standingChanged) await this.announce(manager, row);
  }

  /** A payout account became active or stopped being active (restricted): the standing changes. */
  async payoutsActiveChanged(manager: EntityManager, sellerId: string, active: boolean): Promise<void> {
    const rows = (await manager.query(
      `INSERT INTO payments.seller_records AS r (seller_id, payouts_active, standing_version) VALUES ($1, $2, 1)
       ON CONFLICT (seller_id) DO UPDATE SET payouts_active = EXCLUDED.payouts_active,
         standing_version = r.standing_version + 1, updated_at = now()
         WHERE r.payouts_active IS DISTINCT FROM EXCLUDED.payouts_active
       RETURNING *`,
      [sellerId, active],
    )) as SellerRecordRow[];
    if (rows.length) await this.announce(manager, rows[0]);
  }

  /** Anybody's track record: one row by primary key (zeros for a user who never sold). */
  async trackRecord({ sellerId }: GetTrackRecordRequest): Promise<TrackRecordDto> {
    const [row] = (await this.dataSource.query(`SELECT * FROM payments.seller_records WHERE seller_id = $1`, [
      sellerId,
    ])) as SellerRecordRow[];
    return toTrackRecordDto(sellerId, row);
  }

  private async announce(manager: EntityManager, row: SellerRecordRow): Promise<void> {
    await this.outbox.add(manager, EVENTS.payments.sellerStandingChanged, {
      sellerId: row.seller_id,
      payoutsActive: row.payouts_active,
      completedSales: row.completed_sales,
      version: row.standing_version,
      occurredAt: new Date().toISOString(),
    });
  }
}
