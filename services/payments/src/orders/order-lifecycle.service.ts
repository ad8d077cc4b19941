import { Injectable } from '@nestjs/common';
import type {
  CancelOrderRequest,
  GetOrderRequest,
  ListOrdersPageRequest,
  ListOrdersRequest,
  OrderAccessRequest,
  OrderActor,
  OrderDetailDto,
  OrdersDto,
  OrdersPageDto,
  ShipOrderRequest,
} from '@souvenir/contracts';
import { timeIdCursor } from '@souvenir/platform';
import { PaymentsConfig } from '../config/payments.config';
import { ClaimsRepository } from './claims.repository';
import { OrderAccess } from './order-access';
import { afterDays, afterHours, OrderJobs } from './order-jobs';
import { OrderSteps } from './order-steps';
import { toOrderSummary } from './order-views';
import { toOrderDto } from './order.mapper';
import { OrdersRepository } from './orders.repository';
import { OrderItemsRepository } from './order-items.repository';

const PAGE_SIZE = 20;
const orderCursor = timeIdCursor('createdAt', 'id');

/**
 * The order's life after the payment as its buyer and seller see and move it: the lists, one order, shipping,
 * delivery, confirmation and cancelling (claims: ClaimsService; deadlines: OrderDeadlines; how each transition
 * runs: OrderSteps).
 */
@Injectable()
export class OrderLifecycleService {
  constructor(
    private readonly steps: OrderSteps,
    private readonly orders: OrdersRepository,
    private readonly claims: ClaimsRepository,
    private readonly orderAccess: OrderAccess,
    private readonly orderJobs: OrderJobs,
    private readonly config: PaymentsConfig,
    private readonly items: OrderItemsRepository,
  ) {}

  // ── reads ────────────────────────────────────────────────────────────────────────────────────────────────────

  async getOrder(request: GetOrderRequest): Promise<OrderDetailDto> {
    const { order, viewer } = await this.orderAccess.resolve(request);
    return this.steps.detail(order.id, viewer);
  }

  /** The spec's one-call list of the caller's purchases and sales. */
  async listOrders({ actorId }: ListOrdersRequest): Promise<OrdersDto> {
    const [purchases, sales] = await Promise.all([this.orders.findPurchases(actorId), this.orders.findSales(actorId)]);
    const items = await this.items.byOrderIds([...purchases, ...sales].map((o) => o.id));
    return {
      purchases: purchases.map((o) => toOrderDto(o, 'purchase', items.get(o.id))),
      sales: sales.map((o) => toOrderDto(o, 'sale', items.get(o.id))),
    };
  }

  /** One page of the caller's purchases or sales (paid orders only), newest first; of one product when asked. */
  async listOrdersPage({ actorId, role, cursor, limit, productId }: ListOrdersPageRequest): Promise<OrdersPageDto> {
    const after = cursor ? orderCursor.decode(cursor) : null;
    const page = await this.orders.findPaidPage(
      role === 'purchases' ? { buyerUserId: actorId } : { sellerId: actorId },
      productId ?? null,
      after && { at: after.createdAt, id: after.id },
      limit ?? PAGE_SIZE,
    );
    const ids = page.items.map((o) => o.id);
    const [claims, items] = await Promise.all([this.claims.byOrderIds(ids), this.items.byOrderIds(ids)]);
    return {
      items: page.items.map((o) =>
        toOrderSummary(o, claims.get(o.id) ?? null, role === 'purchases' ? 'buyer' : 'seller', items.get(o.id)),
      ),
      nextCursor: page.next && orderCursor.encode({ createdAt: page.next.at, id: page.next.id }),
    };
  }

  // ── the parties' transitions ─────────────────────────────────────────────────────────────────────────────────

  async ship(request: ShipOrderRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.steps.run(access, 'ship', async (order, _claim, manager) => {
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
    return this.steps.run(access, 'markDelivered', (order, _claim, manager) =>
      this.steps.deliver(order, manager, access.viewer as OrderActor, null),
    );
  }

  async confirm(request: OrderAccessRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.steps.run(access, 'confirm', async (order, _claim, manager) => {
      await this.steps.complete(order, manager);
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
      return this.steps.run(access, 'requestCancel', async (order, _claim, manager) => {
        order.cancelRequestReason = request.reason;
        order.cancelRequestAt = new Date();
        order.cancelRequestExpires = afterHours(this.config.CANCEL_REQUEST_HOURS, order.cancelRequestAt);
        await this.orderJobs.scheduleDeadline(manager, order.id, 'cancelRequestExpires', order.cancelRequestExpires);
        return { from: 'paid', to: 'paid', actor: 'buyer', reason: `The buyer asked to cancel: ${request.reason}` };
      });
    }
    return this.steps.run(access, 'cancel', (order, _claim, manager) =>
      this.steps.cancelWithRefund(order, manager, 'seller', request.reason),
    );
  }
}
