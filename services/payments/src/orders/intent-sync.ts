import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS, PAYMENT_MESSAGES } from '@souvenir/contracts';
import { isUniqueViolation, Outbox } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { paymentLines } from '../ledger/ledger-entries';
import { Ledger } from '../ledger/ledger';
import { PaymentProvider, type ProviderIntent, type ProviderIntentStatus } from '../providers/payment-provider';
import { afterDays, OrderJobs } from './order-jobs';
import { OrderJournal } from './order-journal';
import { AFTER_PAYMENT_STATUSES } from './order-lifecycle';
import type { OrderEntity } from './order.entity';
import { toOrderFailedEvent, toOrderPaidEvent } from './order.mapper';
import { OrdersRepository } from './orders.repository';
import { ProviderEventsRepository, type ProviderEventRecord } from './provider-events.repository';

/** The partial unique index (migration 1734000000000) that lets one order per product be sold. */
const ONE_SALE_PER_PRODUCT_INDEX = 'orders_one_sale_per_product_idx';

/** Intents that can still be cancelled; a processing one will succeed or fail by itself. */
const CANCELLABLE: ReadonlySet<ProviderIntentStatus> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

/**
 * Keeps each order in line with its provider intent. Every provider call happens outside any transaction and
 * any row lock: a transaction only reads and writes our own rows, so a slow or failing provider never holds a lock
 * or a pooled connection (twenty buyers confirming one item at once once starved the pool this way).
 */
@Injectable()
export class IntentSync {
  private readonly logger = new Logger(IntentSync.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly providerEvents: ProviderEventsRepository,
    private readonly provider: PaymentProvider,
    private readonly outbox: Outbox,
    private readonly journal: OrderJournal,
    private readonly orderJobs: OrderJobs,
    private readonly config: PaymentsConfig,
    private readonly ledger: Ledger,
  ) {}

  /**
   * Applies the intent's state to its order, once per provider event. A succeeded intent makes the order paid,
   * publishing order paid in the same transaction, unless the order can no longer be paid: its checkout was
   * closed (the item sold or removed) or another payment for the item is already recorded (the paid-once index).
   * Such a payment is refunded, never left charged without an order.
   */
  async apply(intent: ProviderIntent, event?: ProviderEventRecord): Promise<OrderEntity | null> {
    let refundReason: string | null = null;
    let order: OrderEntity | null;
    try {
      order = await this.dataSource.transaction(async (manager) => {
        if (event && !(await this.providerEvents.withManager(manager).recordOnce(event))) return null;
        const orders = this.orders.withManager(manager);
        const locked = await orders.lockByPaymentId(intent.id);
        // Once paid, the order follows its own life (shipped, cancelled…): the intent no longer changes it.
        if (!locked || AFTER_PAYMENT_STATUSES.has(locked.status)) return locked;
        if (intent.status === 'succeeded' && locked.closedAt) {
          refundReason = PAYMENT_MESSAGES.refundedNoLongerAvailable;
          return locked;
        }
        const next = nextStatus(intent);
        if (!next || (next === locked.status && locked.failureMessage === (intent.lastError ?? locked.failureMessage)))
          return locked;
        const from = locked.status;
        locked.status = next;
        locked.failureMessage = next === 'failed' ? (intent.lastError ?? PAYMENT_MESSAGES.processingError) : null;
        if (next === 'paid') {
          locked.paidAt = new Date();
          locked.shipBy = afterDays(this.config.SHIP_WITHIN_DAYS, locked.paidAt);
          locked.providerChargeId = intent.chargeId;
        }
        await orders.save(locked);
        if (next === 'paid') {
          // The buyer's money is now held by the platform for the seller, until the order completes.
          await this.ledger.post(manager, {
            kind: 'payment',
            orderId: locked.id,
            sellerId: locked.sellerId,
            lines: paymentLines({ amountCents: locked.amountCents, feeCents: 0 }),
          });
          await this.outbox.add(manager, EVENTS.payments.orderPaid, toOrderPaidEvent(locked));
          await this.journal.record(manager, locked, { from, to: 'paid', actor: 'system', reason: 'Payment received' });
          await this.orderJobs.scheduleDeadline(manager, locked.id, 'shipBy', locked.shipBy!);
        }
        if (next === 'failed' && !locked.closedAt)
          await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(locked));
        return locked;
      });
    } catch (error) {
      // The item is already sold: the one-sale-per-product index refused this payment (any other one is a bug).
      if (!isUniqueViolation(error, ONE_SALE_PER_PRODUCT_INDEX)) throw error;
      order = null;
      refundReason = PAYMENT_MESSAGES.soldToAnotherBuyer;
    }
    return refundReason ? this.refund(intent, refundReason, event) : order;
  }

  /**
   * Settles an unpaid order with its provider: a closed checkout's intent is cancelled, and whatever state the
   * intent is in then (it may have succeeded meanwhile) is applied, which refunds a late payment.
   */
  async settle(order: OrderEntity): Promise<OrderEntity | null> {
    let intent = await this.provider.retrieveIntent(order.providerPaymentId!);
    if (order.closedAt && CANCELLABLE.has(intent.status)) intent = await this.provider.cancel(intent.id);
    return this.apply(intent);
  }

  /** Refunds a payment that cannot become a sale (idempotent under a key derived from the order), then records it. */
  private async refund(
    intent: ProviderIntent,
    reason: string,
    event?: ProviderEventRecord,
  ): Promise<OrderEntity | null> {
    const order = await this.orders.findByPaymentId(intent.id);
    if (!order || order.status === 'refunded') return order;
    this.logger.warn({
      msg: 'payment cannot become a sale: refunding it',
      orderId: order.id,
      productId: order.productId,
      reason,
    });
    // Closed first: if the process dies after the refund and before it is recorded, or the sale that took the item is
    // cancelled meanwhile, a replayed intent still takes the refund branch and never turns refunded money into a sale.
    await this.orders.closeIfUnpaid(order.id);
    await this.provider.refund(intent.id, `refund-${order.id}`);
    return this.dataSource.transaction(async (manager) => {
      if (event) await this.providerEvents.withManager(manager).recordOnce(event);
      const orders = this.orders.withManager(manager);
      const locked = (await orders.lockByPaymentId(intent.id))!;
      if (AFTER_PAYMENT_STATUSES.has(locked.status)) return locked;
      locked.status = 'refunded';
      locked.failureMessage = reason;
      await orders.save(locked);
      await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(locked));
      return locked;
    });
  }
}

/** The order status an intent status means; null when it changes nothing (still processing). */
function nextStatus(intent: ProviderIntent): OrderEntity['status'] | null {
  switch (intent.status) {
    case 'succeeded':
      return 'paid';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'failed';
    case 'requires_payment_method':
      return intent.lastError ? 'failed' : null;
    default:
      return null;
  }
}
