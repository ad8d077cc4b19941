import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';
import { refundLines } from '../ledger/ledger-entries';
import { Ledger } from '../ledger/ledger';
import { PaymentProvider } from '../providers/payment-provider';
import { OrderJobs, REFUND_ORDER } from '../orders/order-jobs';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentCapture } from '../orders/payment-capture';

/** The refund job a cancellation or a claim's refund creates: the money back to the buyer, once. */
@Injectable()
export class OrderRefunds implements OnApplicationBootstrap {
  private readonly logger = new Logger(OrderRefunds.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly provider: PaymentProvider,
    private readonly ledger: Ledger,
    private readonly capture: PaymentCapture,
    private readonly orderJobs: OrderJobs,
    private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.orderJobs.ready();
    await this.jobs.work<{ orderId: string }>(REFUND_ORDER, ({ orderId }) => this.refundOrder(orderId));
  }

  /**
   * Gives a cancelled or refunded order's money back (or, when a claim refunded some of a bundle's items, their
   * shares, `refundCents`): the provider refund under the key `refund-<orderId>` (one refund per order, ever, even
   * when this job runs again after a crash), then `refunded_at` and the ledger's refund entry record it, together. A charge the buyer's bank already took back (lost card dispute) is not refunded again,
   * and one it still disputes waits for the dispute's end.
   * A sale cancelled before its capture has its authorisation released instead: the card is never charged, so
   * `refunded_at` records the release and the ledger, which never received the money, has nothing to give back.
   */
  async refundOrder(orderId: string): Promise<void> {
    const order = await this.orders.findById(orderId);
    // A completed order with `refundCents`: a claim refunded some of its bundle's items.
    const partial = order?.status === 'completed' && order.refundCents !== null;
    if (
      !order ||
      order.refundedAt ||
      !order.providerPaymentId ||
      (order.status !== 'cancelled' && order.status !== 'refunded' && !partial)
    )
      return;
    const refundCents = partial ? order.refundCents! : order.amountCents;
    // While the buyer's bank disputes the charge, a refund is refused by the card networks: the dispute's end decides
    // (lost: the bank already returned the money; won: CardDisputes schedules this job again).
    if (order.cardDisputeStatus === 'lost' || order.cardDisputeStatus === 'open') return;
    // Part of a payment is given back from the captured charge: an uncaptured one waits for its capture (retried).
    if (partial && !order.capturedAt) throw new Error(`order ${orderId}: a partial refund waits for the capture`);
    if (!order.capturedAt) {
      const intent = await this.provider.cancel(order.providerPaymentId);
      if (intent.status !== 'succeeded') {
        await this.recordReleased(orderId);
        return;
      }
      // Captured meanwhile (its capture and this cancellation crossed): record the capture, then refund it.
      await this.capture.record(intent);
    }
    await this.provider.refund(order.providerPaymentId, `refund-${order.id}`, partial ? refundCents : undefined);
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
        lines: refundLines({ amountCents: refundCents, feeCents: 0 }),
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
}
