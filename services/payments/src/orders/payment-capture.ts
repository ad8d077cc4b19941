import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';
import { paymentLines } from '../ledger/ledger-entries';
import { Ledger } from '../ledger/ledger';
import { PaymentProvider, type ProviderIntent } from '../providers/payment-provider';
import { CAPTURE_PAYMENT, OrderJobs } from './order-jobs';
import type { OrderEntity } from './order.entity';
import { OrdersRepository } from './orders.repository';

/**
 * Takes the money of a sale. Checkout only authorises cards; once a sale is recorded (IntentSync), its authorisation
 * is captured here, outside any transaction, at once and again by a durable job until it gets through. The capture
 * is what the ledger records as the buyer's payment (held for the seller), exactly once: `captured_at` and the
 * payment entry are written together under the order's row lock.
 */
@Injectable()
export class PaymentCapture implements OnApplicationBootstrap {
  private readonly logger = new Logger(PaymentCapture.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly provider: PaymentProvider,
    private readonly ledger: Ledger,
    private readonly orderJobs: OrderJobs,
    private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.orderJobs.ready();
    await this.jobs.work<{ orderId: string }>(CAPTURE_PAYMENT, ({ orderId }) => this.capture(orderId));
  }

  /**
   * Captures a recorded sale (idempotent under `capture-<order>`). A provider error throws, so the job retries. A
   * sale cancelled before its capture is left to the refund job, which releases the authorisation instead.
   */
  async capture(orderId: string): Promise<void> {
    const order = await this.orders.findById(orderId);
    if (!order?.paidAt || order.capturedAt || !order.providerPaymentId || order.refundedAt) return;
    if (order.status === 'cancelled' || order.status === 'refunded') return;
    const intent = await this.provider.capture(order.providerPaymentId, `capture-${order.id}`);
    if (intent.status === 'succeeded') {
      await this.record(intent);
      return;
    }
    // The authorisation was cancelled or expired at the provider: retrying cannot take the money. Said loudly, and
    // the ledger audit lists the sale until support settles it with the buyer.
    this.logger.error({ msg: 'a sale could not be captured', orderId, intentStatus: intent.status });
  }

  /** Records a captured intent for its order, if it is a sale not recorded as captured yet. */
  async record(intent: ProviderIntent): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.orders.withManager(manager).lockByPaymentId(intent.id);
      if (locked) await this.recordLocked(manager, locked, intent);
    });
  }

  /** The same, for an order the caller has locked in its transaction. Answers whether it recorded the capture. */
  async recordLocked(manager: EntityManager, order: OrderEntity, intent: ProviderIntent): Promise<boolean> {
    if (!order.paidAt || order.capturedAt || intent.status !== 'succeeded') return false;
    order.capturedAt = new Date();
    order.providerChargeId ??= intent.chargeId;
    order.cardLast4 ??= intent.cardLast4 ?? null;
    await this.orders.withManager(manager).save(order);
    // The buyer's money is now held by the platform for the seller, until the order completes.
    await this.ledger.post(manager, {
      kind: 'payment',
      orderId: order.id,
      sellerId: order.sellerId,
      lines: paymentLines({ amountCents: order.amountCents, feeCents: 0 }),
    });
    return true;
  }
}
