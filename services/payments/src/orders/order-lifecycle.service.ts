import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  type CancelOrderRequest,
  type DecideClaimRequest,
  type GetOrderRequest,
  type ListCardDisputesRequest,
  type ShipReturnRequest,
  type ConfirmReturnRequest,
  type CountSupportQueueRequest,
  type PaymentsQueueCountsDto,
  type ListOpenClaimsRequest,
  type ListOrdersPageRequest,
  type ListOrdersRequest,
  type OrdersDto,
  type OrderAccessRequest,
  type OrderAction,
  type OrderActor,
  type OrderDetailDto,
  type OrdersPageDto,
  type OpenClaimRequest,
  type RespondToClaimRequest,
  type ShipOrderRequest,
  type SupportCardDisputesPageDto,
  type SupportClaimsPageDto,
} from '@souvenir/contracts';
import { DomainError, SupportRole, timeIdCursor } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { JobQueue } from '../jobs/job-queue';
import { refundLines } from '../ledger/ledger-entries';
import { Ledger } from '../ledger/ledger';
import { PayoutsRepository } from '../payouts/payouts.repository';
import { PayoutsService } from '../payouts/payouts.service';
import { PaymentProvider } from '../providers/payment-provider';
import { OrderAccess, type OrderAccessGrant as Access } from './order-access';
import type { ClaimEntity } from './claim.entity';
import { ClaimsRepository } from './claims.repository';
import { OrderHistoryRepository } from './order-history.repository';
import { afterDays, afterHours, ORDER_DEADLINE, OrderJobs, REFUND_ORDER, type DeadlineJob } from './order-jobs';
import { OrderJournal, type OrderChange } from './order-journal';
import { checkAction, type OrderViewer } from './order-lifecycle';
import { toOrderMoney } from '../payouts/payout-views';
import { stateOf, toOrderDetail, toOrderSummary } from './order-views';
import { toOrderDto } from './order.mapper';
import type { OrderEntity } from './order.entity';
import { OrdersRepository } from './orders.repository';
import { PaymentCapture } from './payment-capture';

const PAGE_SIZE = 20;
const CLAIMS_PAGE_SIZE = 20;
const orderCursor = timeIdCursor('createdAt', 'id');
const claimCursor = timeIdCursor('openedAt', 'id');
const disputeCursor = timeIdCursor('openedAt', 'id');
const SUPPORT_ONLY = 'Only support can see and decide claims';
/** What a transition does to the locked order; null: nothing to record (a deadline that found nothing to do). */
type Step = (order: OrderEntity, claim: ClaimEntity | null, manager: EntityManager) => Promise<OrderChange | null>;

/**
 * The order's life after the payment: every transition (by a party, by support or by a deadline) runs in one short
 * transaction that locks the order row, checks the rules (order-lifecycle.ts), updates, appends the history, adds
 * the order changed event to the outbox and creates the next deadline's job. Money goes back through a refund job
 * created in that same transaction; the provider is never called inside a transaction.
 */
@Injectable()
export class OrderLifecycleService implements OnApplicationBootstrap {
  private readonly logger = new Logger(OrderLifecycleService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly claims: ClaimsRepository,
    private readonly history: OrderHistoryRepository,
    private readonly payoutRows: PayoutsRepository,
    private readonly supportRole: SupportRole,
    private readonly provider: PaymentProvider,
    private readonly journal: OrderJournal,
    private readonly orderJobs: OrderJobs,
    private readonly jobs: JobQueue,
    private readonly config: PaymentsConfig,
    private readonly payouts: PayoutsService,
    private readonly ledger: Ledger,
    private readonly capture: PaymentCapture,
    private readonly orderAccess: OrderAccess,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.orderJobs.ready();
    await this.jobs.work<DeadlineJob>(ORDER_DEADLINE, (job) => this.fireDeadline(job));
    await this.jobs.work<{ orderId: string }>(REFUND_ORDER, ({ orderId }) => this.refundOrder(orderId));
  }

  // ── reads ────────────────────────────────────────────────────────────────────────────────────────────────────

  async getOrder(request: GetOrderRequest): Promise<OrderDetailDto> {
    const { order, viewer } = await this.orderAccess.resolve(request);
    return this.detail(order.id, viewer);
  }

  /** One page of the caller's purchases or sales (paid orders only), newest first; of one product when asked. */
  /** The spec's one-call list of the caller's purchases and sales. */
  async listOrders({ actorId }: ListOrdersRequest): Promise<OrdersDto> {
    const [purchases, sales] = await Promise.all([this.orders.findPurchases(actorId), this.orders.findSales(actorId)]);
    return {
      purchases: purchases.map((o) => toOrderDto(o, 'purchase')),
      sales: sales.map((o) => toOrderDto(o, 'sale')),
    };
  }

  async listOrdersPage({ actorId, role, cursor, limit, productId }: ListOrdersPageRequest): Promise<OrdersPageDto> {
    const after = cursor ? orderCursor.decode(cursor) : null;
    const page = await this.orders.findPaidPage(
      role === 'purchases' ? { buyerUserId: actorId } : { sellerId: actorId },
      productId ?? null,
      after && { at: after.createdAt, id: after.id },
      limit ?? PAGE_SIZE,
    );
    const claims = await this.claims.byOrderIds(page.items.map((o) => o.id));
    return {
      items: page.items.map((o) =>
        toOrderSummary(o, claims.get(o.id) ?? null, role === 'purchases' ? 'buyer' : 'seller'),
      ),
      nextCursor: page.next && orderCursor.encode({ createdAt: page.next.at, id: page.next.id }),
    };
  }

  /** Support's queue: undecided claims, oldest first, each with its order as support sees it. */
  async listOpenClaims({ actorId, cursor }: ListOpenClaimsRequest): Promise<SupportClaimsPageDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    const after = cursor ? claimCursor.decode(cursor) : null;
    const page = await this.claims.findUndecidedPage(after && { at: after.openedAt, id: after.id }, CLAIMS_PAGE_SIZE);
    const items = await Promise.all(
      page.items.map(async (claim) => {
        const order = await this.detail(claim.orderId, 'support');
        return { claim: order.claim!, order };
      }),
    );
    return {
      items,
      nextCursor: page.next && claimCursor.encode({ openedAt: page.next.at, id: page.next.id }),
    };
  }

  /** The support nav's counts of payments' two queues, in one round of two indexed counts. */
  async countSupportQueues({ actorId }: CountSupportQueueRequest): Promise<PaymentsQueueCountsDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    const [claims, disputes] = await Promise.all([this.claims.countUndecided(), this.orders.countOpenCardDisputes()]);
    return { claims, disputes };
  }

  /** Support's list of orders whose card payment is disputed at the buyer's bank (money frozen), oldest first. */
  async listCardDisputes({ actorId, cursor }: ListCardDisputesRequest): Promise<SupportCardDisputesPageDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    const after = cursor ? disputeCursor.decode(cursor) : null;
    const page = await this.orders.findOpenCardDisputesPage(
      after && { at: after.openedAt, id: after.id },
      CLAIMS_PAGE_SIZE,
    );
    return {
      items: await Promise.all(page.items.map((order) => this.detail(order.id, 'support'))),
      nextCursor: page.next && disputeCursor.encode({ openedAt: page.next.at, id: page.next.id }),
    };
  }

  // ── the parties' transitions ─────────────────────────────────────────────────────────────────────────────────

  async ship(request: ShipOrderRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.transition(access, 'ship', async (order, _claim, manager) => {
      order.status = 'shipped';
      order.carrier = request.carrier;
      order.trackingNumber = request.trackingNumber || null;
      order.shippedAt = new Date();
      order.deliveredBy = afterDays(this.config.DELIVERY_WINDOW_DAYS, order.shippedAt);
      order.cancelRequestAt = order.cancelRequestExpires = order.cancelRequestReason = null;
      await this.orderJobs.scheduleDeadline(manager, order.id, 'deliveredBy', order.deliveredBy);
      return {
        from: 'paid',
        to: 'shipped',
        actor: 'seller',
        reason: `Shipped with ${request.carrier}${order.trackingNumber ? ` ${order.trackingNumber}` : ''}`,
      };
    });
  }

  async markDelivered(request: OrderAccessRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.transition(access, 'markDelivered', (order, _claim, manager) =>
      this.deliver(order, manager, access.viewer as OrderActor, null),
    );
  }

  async confirm(request: OrderAccessRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.transition(access, 'confirm', async (order, _claim, manager) => {
      await this.complete(order, manager);
      return {
        from: 'delivered',
        to: 'completed',
        actor: 'buyer',
        reason: 'The buyer confirmed that everything is OK',
      };
    });
  }

  /** The seller cancels (agreeing to the buyer's request, if any) with a full refund; the buyer asks the seller to. */
  async cancel(request: CancelOrderRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    if (access.viewer === 'buyer') {
      return this.transition(access, 'requestCancel', async (order, _claim, manager) => {
        order.cancelRequestReason = request.reason;
        order.cancelRequestAt = new Date();
        order.cancelRequestExpires = afterHours(this.config.CANCEL_REQUEST_HOURS, order.cancelRequestAt);
        await this.orderJobs.scheduleDeadline(manager, order.id, 'cancelRequestExpires', order.cancelRequestExpires);
        return { from: 'paid', to: 'paid', actor: 'buyer', reason: `The buyer asked to cancel: ${request.reason}` };
      });
    }
    return this.transition(access, 'cancel', (order, _claim, manager) =>
      this.cancelWithRefund(order, manager, 'seller', request.reason),
    );
  }

  async openClaim(request: OpenClaimRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.transition(access, 'openClaim', async (order, _claim, manager) => {
      const from = order.status;
      const claims = this.claims.withManager(manager);
      const claim = claims.create({
        orderId: order.id,
        reason: request.reason,
        description: request.description,
        photos: request.photos ?? [],
        status: 'open',
        openedAt: new Date(),
        responseDue: afterHours(this.config.CLAIM_RESPONSE_HOURS),
      });
      await claims.save(claim);
      order.status = 'disputed';
      await this.orderJobs.scheduleDeadline(manager, order.id, 'sellerResponseDue', claim.responseDue);
      return {
        from,
        to: 'disputed',
        actor: 'buyer',
        reason: `Claim opened: ${request.description}`,
        photos: claim.photos,
      };
    });
  }

  /** The seller accepts the claim (full refund) or gives their side (the claim goes to support). */
  async respondToClaim(request: RespondToClaimRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    const statement = request.statement?.trim() || null;
    if (!request.accept && !statement) {
      const message = 'Please give your side of the story';
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'statement', message }]);
    }
    return this.transition(access, 'respondToClaim', async (order, claim, manager) => {
      Object.assign(claim!, {
        sellerAccept: request.accept,
        sellerStatement: statement,
        sellerRespondedAt: new Date(),
      });
      if (!request.accept) {
        claim!.status = 'escalated';
        // Photos back the seller's side for support; an accepted claim is refunded at once and needs none.
        claim!.sellerPhotos = request.photos ?? [];
        await this.claims.withManager(manager).save(claim!);
        return {
          from: 'disputed',
          to: 'disputed',
          actor: 'seller',
          reason: `The seller answered the claim: ${statement}`,
          photos: claim!.sellerPhotos,
        };
      }
      this.resolve(claim!, 'refund', statement ?? 'The seller accepted the claim', 'seller');
      await this.claims.withManager(manager).save(claim!);
      return this.refundAfterClaim(order, manager, 'seller', 'The seller accepted the claim');
    });
  }

  /** Support decides a claim (open or escalated): refund the buyer, or release the money to the seller. */
  async decideClaim(request: DecideClaimRequest): Promise<OrderDetailDto> {
    // Who asks and which claim: two independent reads, the identity service's and ours, made together.
    const [isSupport, claim] = await Promise.all([
      this.supportRole.is(request.actorId),
      this.claims.findById(request.claimId),
    ]);
    if (!isSupport) throw DomainError.forbidden(SUPPORT_ONLY);
    if (!claim) throw DomainError.notFound('Claim');
    const order = (await this.orders.findById(claim.orderId))!;
    if (order.buyerUserId === request.actorId || order.sellerId === request.actorId) {
      throw DomainError.forbidden('You cannot decide a claim on your own order');
    }
    return this.transition({ order, viewer: 'support' }, 'decideClaim', async (locked, lockedClaim, manager) => {
      this.resolve(lockedClaim!, request.outcome, request.reason, 'support');
      if (request.outcome === 'refund' && request.returnFirst) {
        // The money stays frozen: the refund is made once the item is back (confirmReturn or returnArrivesBy).
        lockedClaim!.status = 'returning';
        lockedClaim!.returnShipBy = afterDays(this.config.RETURN_SHIP_DAYS);
        await this.claims.withManager(manager).save(lockedClaim!);
        await this.orderJobs.scheduleDeadline(manager, locked.id, 'returnShipBy', lockedClaim!.returnShipBy);
        return {
          from: 'disputed',
          to: 'disputed',
          actor: 'support',
          reason: `Support will refund the buyer once the item is sent back: ${request.reason}`,
        };
      }
      await this.claims.withManager(manager).save(lockedClaim!);
      if (request.outcome === 'refund')
        return this.refundAfterClaim(locked, manager, 'support', `Support refunded the buyer: ${request.reason}`);
      await this.complete(locked, manager);
      return {
        from: 'disputed',
        to: 'completed',
        actor: 'support',
        reason: `Support released the payment to the seller: ${request.reason}`,
      };
    });
  }

  /** The buyer sends the item back with tracking; the seller has until `returnArrivesBy` to confirm it arrived. */
  async shipReturn(request: ShipReturnRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.transition(access, 'shipReturn', async (_order, claim, manager) => {
      Object.assign(claim!, {
        returnCarrier: request.carrier,
        returnTrackingNumber: request.trackingNumber,
        returnShippedAt: new Date(),
        returnArrivesBy: afterDays(this.config.RETURN_ARRIVAL_DAYS),
      });
      await this.claims.withManager(manager).save(claim!);
      await this.orderJobs.scheduleDeadline(manager, claim!.orderId, 'returnArrivesBy', claim!.returnArrivesBy!);
      return {
        from: 'disputed',
        to: 'disputed',
        actor: 'buyer',
        reason: `The buyer sent the item back with ${request.carrier} ${request.trackingNumber}`,
      };
    });
  }

  /** The seller has the item back: the buyer is refunded, through the order's one refund. */
  async confirmReturn(request: ConfirmReturnRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.transition(access, 'confirmReturn', async (order, claim, manager) => {
      claim!.status = 'resolved';
      claim!.returnArrivedAt = new Date();
      await this.claims.withManager(manager).save(claim!);
      return this.refundAfterClaim(order, manager, 'seller', 'The seller has the item back: the buyer is refunded');
    });
  }

  // ── deadlines and refunds (pg-boss workers) ──────────────────────────────────────────────────────────────────

  /**
   * A deadline's job: acts only if the order is still in the state the deadline guards and the due time stored on
   * the order has passed, under the row lock, so a duplicate, late or replayed job (after a restart) acts once at most.
   */
  async fireDeadline({ orderId, kind }: DeadlineJob): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const orders = this.orders.withManager(manager);
      const order = await orders.lockById(orderId);
      if (!order) return;
      const claim = await this.claims.withManager(manager).findByOrderId(orderId);
      const now = new Date();
      const due = (at: Date | null) => at !== null && at <= now;
      let change: OrderChange | null = null;
      if (kind === 'shipBy' && order.status === 'paid' && due(order.shipBy)) {
        change = await this.cancelWithRefund(
          order,
          manager,
          'system',
          `Not shipped within ${this.config.SHIP_WITHIN_DAYS} days`,
        );
      } else if (kind === 'deliveredBy' && order.status === 'shipped' && due(order.deliveredBy)) {
        change = await this.deliver(
          order,
          manager,
          'system',
          `Not marked delivered within ${this.config.DELIVERY_WINDOW_DAYS} days of shipping`,
        );
      } else if (kind === 'claimWindowEnds' && order.status === 'delivered' && due(order.claimWindowEnds)) {
        await this.complete(order, manager);
        change = { from: 'delivered', to: 'completed', actor: 'system', reason: 'No claim within the claim window' };
      } else if (kind === 'cancelRequestExpires' && order.status === 'paid' && due(order.cancelRequestExpires)) {
        order.cancelRequestAt = order.cancelRequestExpires = order.cancelRequestReason = null;
        change = {
          from: 'paid',
          to: 'paid',
          actor: 'system',
          reason: `The seller did not agree to cancel within ${this.config.CANCEL_REQUEST_HOURS} hours`,
        };
      } else if (
        kind === 'sellerResponseDue' &&
        order.status === 'disputed' &&
        claim?.status === 'open' &&
        due(claim.responseDue)
      ) {
        claim.status = 'escalated';
        await this.claims.withManager(manager).save(claim);
        change = {
          from: 'disputed',
          to: 'disputed',
          actor: 'system',
          reason: `The seller did not answer within ${this.config.CLAIM_RESPONSE_HOURS} hours: the claim goes to support`,
        };
      } else if (kind === 'returnShipBy' && order.status === 'disputed' && claim?.status === 'returning') {
        if (!claim.returnShippedAt && due(claim.returnShipBy)) {
          // The item never came back: the sale stands and the seller is paid.
          claim.status = 'resolved';
          claim.decisionOutcome = 'release';
          claim.decisionReason = `The buyer did not send the item back within ${this.config.RETURN_SHIP_DAYS} days`;
          await this.claims.withManager(manager).save(claim);
          await this.complete(order, manager);
          change = { from: 'disputed', to: 'completed', actor: 'system', reason: claim.decisionReason };
        }
      } else if (kind === 'returnArrivesBy' && order.status === 'disputed' && claim?.status === 'returning') {
        if (claim.returnShippedAt && due(claim.returnArrivesBy)) {
          // Sent with tracking and not confirmed in time: the buyer is refunded all the same.
          claim.status = 'resolved';
          await this.claims.withManager(manager).save(claim);
          change = await this.refundAfterClaim(
            order,
            manager,
            'system',
            `The seller did not confirm the return within ${this.config.RETURN_ARRIVAL_DAYS} days: the buyer is refunded`,
          );
        }
      }
      if (!change) return;
      await orders.save(order);
      await this.journal.record(manager, order, change);
    });
  }

  /**
   * Gives a cancelled or refunded order's money back: the provider refund under the key `refund-<orderId>` (one
   * refund per order, ever, even when this job runs again after a crash), then `refunded_at` and the ledger's refund
   * entry record it, together. A charge the buyer's bank already took back (lost card dispute) is not refunded again.
   * A sale cancelled before its capture has its authorisation released instead: the card is never charged, so
   * `refunded_at` records the release and the ledger, which never received the money, has nothing to give back.
   */
  async refundOrder(orderId: string): Promise<void> {
    const order = await this.orders.findById(orderId);
    if (
      !order ||
      order.refundedAt ||
      !order.providerPaymentId ||
      (order.status !== 'cancelled' && order.status !== 'refunded')
    )
      return;
    if (order.cardDisputeStatus === 'lost') return;
    if (!order.capturedAt) {
      const intent = await this.provider.cancel(order.providerPaymentId);
      if (intent.status !== 'succeeded') {
        await this.recordReleased(orderId);
        return;
      }
      // Captured meanwhile (its capture and this cancellation crossed): record the capture, then refund it.
      await this.capture.record(intent);
    }
    await this.provider.refund(order.providerPaymentId, `refund-${order.id}`);
    await this.dataSource.transaction(async (manager) => {
      const orders = this.orders.withManager(manager);
      const locked = await orders.lockById(orderId);
      if (!locked || locked.refundedAt) return;
      locked.refundedAt = new Date();
      await orders.save(locked);
      await this.ledger.post(manager, {
        kind: 'refund',
        orderId,
        sellerId: locked.sellerId,
        lines: refundLines({ amountCents: locked.amountCents, feeCents: 0 }),
      });
    });
    this.logger.log({ msg: 'order refunded', orderId, status: order.status });
  }

  /** A cancelled sale's authorisation was released before any capture: nothing was taken, nothing goes back. */
  private async recordReleased(orderId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const orders = this.orders.withManager(manager);
      const locked = await orders.lockById(orderId);
      if (!locked || locked.refundedAt || locked.capturedAt) return;
      locked.refundedAt = new Date();
      await orders.save(locked);
    });
    this.logger.log({ msg: 'order cancelled before capture: authorisation released', orderId });
  }

  // ── steps shared by several transitions ──────────────────────────────────────────────────────────────────────

  private async deliver(
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

  /** Completed: the held money is released to the seller (ledger entry and payout, in this transaction). */
  private async complete(order: OrderEntity, manager: EntityManager): Promise<void> {
    order.status = 'completed';
    order.completedAt = new Date();
    await this.payouts.release(manager, order);
  }

  private async cancelWithRefund(
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

  private async refundAfterClaim(
    order: OrderEntity,
    manager: EntityManager,
    actor: OrderActor,
    reason: string,
  ): Promise<OrderChange> {
    order.status = 'refunded';
    await this.orderJobs.scheduleRefund(manager, order.id);
    return { from: 'disputed', to: 'refunded', actor, reason };
  }

  private resolve(claim: ClaimEntity, outcome: 'refund' | 'release', reason: string, by: 'seller' | 'support'): void {
    Object.assign(claim, {
      status: 'resolved',
      decisionOutcome: outcome,
      decisionReason: reason,
      decidedAt: new Date(),
      decidedBy: by,
    });
  }

  /** Runs one transition under the order's row lock; answers the order as the caller sees it afterwards. */
  private async transition({ order, viewer }: Access, action: OrderAction, step: Step): Promise<OrderDetailDto> {
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

  private async detail(orderId: string, viewer: OrderViewer): Promise<OrderDetailDto> {
    const [order, claim, history, payout] = await Promise.all([
      this.orders.findById(orderId),
      this.claims.findByOrderId(orderId),
      this.history.findByOrderId(orderId),
      this.payoutRows.findByOrderId(orderId),
    ]);
    if (!order) throw DomainError.notFound('Order');
    return toOrderDetail(
      order,
      claim,
      history,
      viewer,
      toOrderMoney(order, payout, this.payouts.feeOf(order.amountCents)),
    );
  }
}
