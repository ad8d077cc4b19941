import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError } from '@souvenir/platform';
import type { OrderAction, OrderActor, OrderDetailDto } from '@souvenir/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { toOrderMoney } from '../payouts/payout-views';
import { PayoutsRepository } from '../payouts/payouts.repository';
import { PayoutsService } from '../payouts/payouts.service';
import type { ClaimEntity } from './claim.entity';
import { ClaimsRepository } from './claims.repository';
import type { OrderAccessGrant as Access } from './order-access';
import { OrderHistoryRepository } from './order-history.repository';
import { afterDays, OrderJobs } from './order-jobs';
import { OrderJournal, type OrderChange } from './order-journal';
import { checkAction, type OrderViewer } from './order-lifecycle';
import type { OrderEntity } from './order.entity';
import { stateOf, toOrderDetail } from './order-views';
import { OrdersRepository } from './orders.repository';
import { OrderItemsRepository } from './order-items.repository';

/** What a transition does to the locked order; null: nothing to record (a deadline that found nothing to do). */
export type Step = (
  order: OrderEntity,
  claim: ClaimEntity | null,
  manager: EntityManager,
) => Promise<OrderChange | null>;

/**
 * How every transition of an order runs (by a party, by support or by a deadline): in one short transaction that
 * locks the order row, checks the rules (order-lifecycle.ts), updates, appends the history, adds the order changed
 * event to the outbox and creates the next deadline's job; and the steps several transitions share. Money goes back
 * through a refund job created in that same transaction; the provider is never called inside a transaction.
 */
@Injectable()
export class OrderSteps {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly claims: ClaimsRepository,
    private readonly history: OrderHistoryRepository,
    private readonly payoutRows: PayoutsRepository,
    private readonly journal: OrderJournal,
    private readonly orderJobs: OrderJobs,
    private readonly config: PaymentsConfig,
    private readonly payouts: PayoutsService,
    private readonly items: OrderItemsRepository,
  ) {}

  async deliver(
    order: OrderEntity,
    manager: EntityManager,
    actor: OrderActor,
    reason: string | null,
  ): Promise<OrderChange> {
    order.status = 'delivered';
    order.deliveredAt = new Date();
    order.claimWindowEnds = afterDays(this.config.CLAIM_WINDOW_DAYS, order.deliveredAt);
    await this.orderJobs.scheduleDeadline(manager, order.id, 'claimWindowEnds', order.claimWindowEnds);
    return { from: 'shipped', to: 'delivered', actor, reason: reason ?? `Marked delivered by the ${actor}` };
  }

  /**
   * Completed: the held money is released to the seller (ledger entry and payout, in this transaction); what a claim
   * refunds of a bundle's items stays held until the refund job gives it back.
   */
  async complete(order: OrderEntity, manager: EntityManager): Promise<void> {
    order.status = 'completed';
    order.completedAt = new Date();
    await this.payouts.release(manager, { ...order, amountCents: order.amountCents - (order.refundCents ?? 0) });
  }

  async cancelWithRefund(
    order: OrderEntity,
    manager: EntityManager,
    actor: OrderActor,
    reason: string,
  ): Promise<OrderChange> {
    order.status = 'cancelled';
    order.cancelRequestExpires = null;
    await this.orderJobs.scheduleRefund(manager, order.id);
    return { from: 'paid', to: 'cancelled', actor, reason };
  }

  /**
   * A claim decided for the buyer. A claim about every item (or one not yet refunded) refunds the order: `refunded`,
   * the whole amount back. A claim about some of a bundle's items refunds those items' shares only: they are marked
   * refunded, the order completes with the rest released to the seller, and the refund job gives back `refundCents`.
   * Either way the money moves once, through the order's one refund job.
   */
  async refundAfterClaim(
    order: OrderEntity,
    claim: ClaimEntity | null,
    manager: EntityManager,
    actor: OrderActor,
    reason: string,
  ): Promise<OrderChange> {
    const items = this.items.withManager(manager);
    const all = await items.findByOrderId(order.id);
    const claimed = claim?.productIds?.length ? all.filter((item) => claim.productIds!.includes(item.productId)) : all;
    if (claimed.length === 0 || claimed.length === all.length) {
      await items.markRefunded(
        order.id,
        all.map((item) => item.id),
      );
      order.status = 'refunded';
      await this.orderJobs.scheduleRefund(manager, order.id);
      return { from: 'disputed', to: 'refunded', actor, reason };
    }
    await items.markRefunded(
      order.id,
      claimed.map((item) => item.id),
    );
    order.refundCents = claimed.reduce((sum, item) => sum + item.shareCents, 0);
    await this.complete(order, manager);
    await this.orderJobs.scheduleRefund(manager, order.id);
    const titles = claimed.map((item) => item.title).join(', ');
    return { from: 'disputed', to: 'completed', actor, reason: `${reason} (refunded: ${titles})` };
  }

  resolveClaim(claim: ClaimEntity, outcome: 'refund' | 'release', reason: string, by: 'seller' | 'support'): void {
    Object.assign(claim, {
      status: 'resolved',
      decisionOutcome: outcome,
      decisionReason: reason,
      decidedAt: new Date(),
      decidedBy: by,
    });
  }

  /** Runs one transition under the order's row lock; answers the order as the caller sees it afterwards. */
  async run({ order, viewer }: Access, action: OrderAction, step: Step): Promise<OrderDetailDto> {
    await this.dataSource.transaction(async (manager) => {
      const orders = this.orders.withManager(manager);
      const locked = (await orders.lockById(order.id))!;
      const claim = await this.claims.withManager(manager).findByOrderId(order.id);
      checkAction(action, stateOf(locked, claim), viewer);
      const change = await step(locked, claim, manager);
      await orders.save(locked);
      if (change) await this.journal.record(manager, locked, change);
    });
    return this.detail(order.id, viewer);
  }

  /** The order as the viewer sees it: its claim, history and money. */
  async detail(orderId: string, viewer: OrderViewer): Promise<OrderDetailDto> {
    const [order, claim, history, payout, items] = await Promise.all([
      this.orders.findById(orderId),
      this.claims.findByOrderId(orderId),
      this.history.findByOrderId(orderId),
      this.payoutRows.findByOrderId(orderId),
      this.items.findByOrderId(orderId),
    ]);
    if (!order) throw DomainError.notFound('Order');
    return toOrderDetail(
      order,
      claim,
      history,
      viewer,
      toOrderMoney(order, payout, this.payouts.feeOf(order.amountCents)),
      items,
    );
  }
}
