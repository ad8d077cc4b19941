import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { JobQueue } from '../jobs/job-queue';
import { IntentSync } from './intent-sync';
import type { OrderEntity } from '../orders/order.entity';
import { OrdersRepository } from '../orders/orders.repository';

const SETTLE_ORDER = 'payments.settle-order';
const SWEEP = 'payments.sweep-unpaid';

/**
 * Makes sure that no buyer is charged without an order, whatever crashes when:
 * - a checkout closed because its item was sold or removed gets a durable job that cancels its intent, or refunds it
 *   if it succeeded meanwhile;
 * - every minute a sweep compares unpaid orders with their intents (a confirmation whose answer was lost, a webhook
 *   that never came, a refund that failed half-way) and applies what it finds.
 */
@Injectable()
export class Settlement implements OnApplicationBootstrap {
  private readonly logger = new Logger(Settlement.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrdersRepository,
    private readonly intents: IntentSync,
    private readonly config: PaymentsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A provider outage fails the job: retried with backoff for about a day, then the sweep still finds the order.
    await this.jobs.define(SETTLE_ORDER, { retryLimit: 12, retryDelay: 5, retryBackoff: true, retryDelayMax: 3600 });
    await this.jobs.define(SWEEP, { retryLimit: 0, expireInSeconds: 300 });
    await this.jobs.work<{ orderId: string }>(SETTLE_ORDER, ({ orderId }) => this.settleOrder(orderId));
    await this.jobs.work(SWEEP, async () => void (await this.sweep()));
    await this.jobs.schedule(SWEEP, this.config.PAYMENTS_SWEEP_CRON);
  }

  /** Called in the transaction that closes the checkout: the job exists if and only if the closing commits. */
  scheduleSettle(manager: EntityManager, order: OrderEntity): Promise<void> {
    // A checkout is closed once (under its row lock), so one job each; settling twice would change nothing anyway.
    return this.jobs.sendInTransaction(manager, SETTLE_ORDER, { orderId: order.id });
  }

  private async settleOrder(orderId: string): Promise<void> {
    const order = await this.orders.findById(orderId);
    if (order?.providerPaymentId) await this.intents.settle(order);
  }

  /** One pass over the least recently checked unpaid orders; answers how many were checked. */
  async sweep(): Promise<number> {
    const {
      PAYMENTS_SWEEP_BATCH: batch,
      PAYMENTS_SWEEP_GRACE_SECONDS: grace,
      PAYMENTS_SWEEP_WINDOW_DAYS: days,
    } = this.config;
    const orders = await this.orders.findUnsettled(batch, grace, days);
    for (const order of orders) {
      // One order's provider error must not stop the others; it is checked again on a later pass.
      await this.intents
        .settle(order)
        .catch((error: Error) =>
          this.logger.warn({ msg: 'sweep could not settle an order', orderId: order.id, error: error.message }),
        );
    }
    await this.orders.markChecked(orders.map((o) => o.id));
    return orders.length;
  }
}
