import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS, isAfterPayment, PAYMENT_MESSAGES } from '@souvenir/contracts';
import { isUniqueViolation, Outbox } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { AddressBookService } from '../addresses/address-book.service';
import { AwaySellers } from './away-sellers';
import { PaymentsConfig } from '../config/payments.config';
import { OffersService } from '../offers/offers.service';
import { PaymentProvider, type ProviderIntent, type ProviderIntentStatus } from '../providers/payment-provider';
import { afterDays, OrderJobs } from '../orders/order-jobs';
import { OrderJournal } from '../orders/order-journal';
import { PaymentCapture } from '../orders/payment-capture';
import type { OrderEntity } from '../orders/order.entity';
import { toOrderFailedEvent, toOrderPaidEvent } from '../orders/order.mapper';
import { OrdersRepository } from '../orders/orders.repository';
import { ONE_SALE_PER_ITEM_INDEX, OrderItemsRepository } from '../orders/order-items.repository';
import { ProviderEventsRepository, type ProviderEventRecord } from '../providers/provider-events.repository';

/**
 * The partial unique indexes that let one order per product be sold: the order's first item (migration
 * 1734000000000) and every item of a bundle (migration 1739100000000, its `sold` flag following the order's status).
 */
const ONE_SALE_INDEXES = ['orders_one_sale_per_product_idx', ONE_SALE_PER_ITEM_INDEX];

/** Intents whose card was authorised or charged: the buyer's money is committed, to a sale or back to them. */
const CHARGED: ReadonlySet<ProviderIntentStatus> = new Set(['requires_capture', 'succeeded']);

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
    private readonly capture: PaymentCapture,
    private readonly addressBook: AddressBookService,
    private readonly awaySellers: AwaySellers,
    private readonly offers: OffersService,
    private readonly items: OrderItemsRepository,
  ) {}

  /**
   * Applies the intent's state to its order, once per provider event. An authorised intent (or one already captured)
   * makes the order paid, publishing order paid in the same transaction, unless the order can no longer be paid: its
   * checkout was closed (the item sold or removed) or another payment for the item is already recorded (the paid-once
   * index). Such an authorisation is cancelled, so the card is never charged (a payment already captured is refunded).
   * The winner's authorisation is captured after the commit.
   */
  async apply(intent: ProviderIntent, event?: ProviderEventRecord): Promise<OrderEntity | null> {
    let releaseReason: string | null = null;
    let order: OrderEntity | null;
    try {
      order = await this.dataSource.transaction(async (manager) => {
        if (event && !(await this.providerEvents.withManager(manager).recordOnce(event))) return null;
        const orders = this.orders.withManager(manager);
        const locked = await orders.lockByPaymentId(intent.id);
        if (!locked) return locked;
        // Once paid, the order follows its own life (shipped, cancelled…): the intent only tells of its capture.
        if (isAfterPayment(locked.status)) {
          await this.capture.recordLocked(manager, locked, intent);
          return locked;
        }
        if (CHARGED.has(intent.status) && locked.closedAt) {
          releaseReason = PAYMENT_MESSAGES.noLongerAvailableNotCharged;
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
          // A checkout started before its seller went away and paid meanwhile: the days to ship start on the return
          // date, not while nobody can ship (new checkouts are refused while the seller is away).
          const back = await this.awaySellers.returnAfter(manager, locked.sellerId, locked.paidAt);
          locked.shipBy = afterDays(this.config.SHIP_WITHIN_DAYS, back ?? locked.paidAt);
          locked.providerChargeId = intent.chargeId;
          locked.cardLast4 = intent.cardLast4 ?? null;
        }
        await orders.save(locked);
        if (next === 'paid') {
          const productIds = (await this.items.withManager(manager).findByOrderId(locked.id)).map((i) => i.productId);
          await this.outbox.add(manager, EVENTS.payments.orderPaid, toOrderPaidEvent(locked, productIds));
          await this.journal.record(manager, locked, { from, to: 'paid', actor: 'system', reason: 'Payment received' });
          await this.orderJobs.scheduleDeadline(manager, locked.id, 'shipBy', locked.shipBy!);
          // The sale ends every other open offer that includes one of its items, single or bundle (its buyer's
          // accepted offer on exactly these items becomes purchased), with the sale.
          await this.offers.saleMade(manager, {
            productIds,
            buyerUserId: locked.buyerUserId,
            amountCents: locked.amountCents,
          });
          if (locked.savedAddressId && locked.buyerUserId)
            await this.addressBook.markUsed(manager, locked.buyerUserId, locked.savedAddressId, locked.paidAt!);
          // An intent captured already (made before checkout authorised only) is recorded now; otherwise the capture
          // below takes the money, and this job retries it if it does not get through.
          if (!(await this.capture.recordLocked(manager, locked, intent)))
            await this.orderJobs.scheduleCapture(manager, locked.id);
        }
        if (next === 'failed' && !locked.closedAt)
          await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(locked));
        return locked;
      });
    } catch (error) {
      // An item is already sold: a one-sale-per-product index refused this payment (any other one is a bug).
      if (!ONE_SALE_INDEXES.some((index) => isUniqueViolation(error, index))) throw error;
      order = null;
      releaseReason = PAYMENT_MESSAGES.soldToAnotherBuyerNotCharged;
    }
    if (releaseReason) return this.release(intent, releaseReason, event);
    if (order?.status === 'paid' && !order.capturedAt && intent.status === 'requires_capture') {
      // Failing here loses nothing: the capture job made with the sale tries again.
      await this.capture
        .capture(order.id)
        .catch((error: Error) =>
          this.logger.warn({ msg: 'capture failed; its job retries', orderId: order!.id, error: error.message }),
        );
    }
    return order;
  }

  /**
   * Settles an unpaid order with its provider: a closed checkout's intent is cancelled (an authorisation released),
   * and whatever state the intent is in then (it may have succeeded meanwhile) is applied, which refunds a late payment.
   */
  async settle(order: OrderEntity): Promise<OrderEntity | null> {
    let intent = await this.provider.retrieveIntent(order.providerPaymentId!);
    if (order.closedAt && CANCELLABLE.has(intent.status)) intent = await this.provider.cancel(intent.id);
    return this.apply(intent);
  }

  /**
   * Gives back a payment that cannot become a sale: an authorisation is cancelled (the card is never charged), a
   * payment already captured is refunded (idempotent under a key derived from the order). Then it is recorded.
   */
  private async release(
    intent: ProviderIntent,
    notChargedReason: string,
    event?: ProviderEventRecord,
  ): Promise<OrderEntity | null> {
    const order = await this.orders.findByPaymentId(intent.id);
    if (!order || order.status === 'refunded') return order;
    // Closed first: if the process dies before the release is recorded, or the sale that took the item is cancelled
    // meanwhile, a replayed intent still takes this branch and never turns released money into a sale.
    await this.orders.closeIfUnpaid(order.id);
    const after = intent.status === 'succeeded' ? intent : await this.provider.cancel(intent.id);
    const charged = after.status === 'succeeded';
    if (charged) await this.provider.refund(intent.id, `refund-${order.id}`);
    this.logger.warn({
      msg: charged ? 'payment cannot become a sale: refunded' : 'payment cannot become a sale: authorisation cancelled',
      orderId: order.id,
      productId: order.productId,
    });
    return this.dataSource.transaction(async (manager) => {
      if (event) await this.providerEvents.withManager(manager).recordOnce(event);
      const orders = this.orders.withManager(manager);
      const locked = (await orders.lockByPaymentId(intent.id))!;
      if (isAfterPayment(locked.status)) return locked;
      const wasFailed = locked.status === 'failed';
      locked.status = charged ? 'refunded' : 'failed';
      locked.failureMessage = charged ? refundedReason(notChargedReason) : notChargedReason;
      await orders.save(locked);
      if (!wasFailed) await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(locked));
      return locked;
    });
  }
}

/** What a buyer whose payment had been captured before it could be released is told. */
function refundedReason(notChargedReason: string): string {
  return notChargedReason === PAYMENT_MESSAGES.soldToAnotherBuyerNotCharged
    ? PAYMENT_MESSAGES.soldToAnotherBuyer
    : PAYMENT_MESSAGES.refundedNoLongerAvailable;
}

/** The order status an intent status means; null when it changes nothing (still processing). */
function nextStatus(intent: ProviderIntent): OrderEntity['status'] | null {
  switch (intent.status) {
    case 'requires_capture':
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
