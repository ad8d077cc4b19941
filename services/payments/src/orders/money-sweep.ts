import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentsConfig } from '../config/payments.config';
import { JobQueue } from '../jobs/job-queue';
import { PayoutsRepository } from '../payouts/payouts.repository';
import { TRANSFER_PAYOUT } from '../payouts/payouts.service';
import { CAPTURE_PAYMENT, REFUND_ORDER } from './order-jobs';
import { OrdersRepository } from './orders.repository';

const SWEEP = 'payments.sweep-money';
/** Older than this, a payout on its way, a decided refund or a sale's capture should have been done by its job. */
const STUCK_AFTER = '10 minutes';

/**
 * The jobs that move money retry for about a day. If a provider outage outlasts that (or a job was lost), the money
 * would sit still: a payout `pending` for ever, a cancelled order never refunded, a sale never captured (its card's
 * authorisation lasts about seven days). Every sweep slot (once across
 * replicas) this finds them and gives each a new job unless one is still on it; the jobs themselves are idempotent,
 * so the worst a race can do is a job that finds nothing to do.
 */
@Injectable()
export class MoneySweep implements OnApplicationBootstrap {
  private readonly logger = new Logger(MoneySweep.name);

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly orders: OrdersRepository,
    private readonly jobs: JobQueue,
    private readonly config: PaymentsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(SWEEP, { retryLimit: 0, expireInSeconds: 300 });
    await this.jobs.work(SWEEP, async () => void (await this.sweep()));
    await this.jobs.schedule(SWEEP, this.config.PAYMENTS_SWEEP_CRON);
  }

  /** Answers how many jobs it created. */
  async sweep(): Promise<number> {
    const batch = this.config.PAYMENTS_SWEEP_BATCH;
    const payouts = await this.payouts.findStalledIds(STUCK_AFTER, batch);
    const refunds = await this.orders.findUnrefundedIds(STUCK_AFTER, batch);
    const captures = await this.orders.findUncapturedIds(STUCK_AFTER, batch);
    let created = 0;
    for (const [queue, data] of [
      ...payouts.map((id) => [TRANSFER_PAYOUT, { payoutId: id }] as const),
      ...refunds.map((id) => [REFUND_ORDER, { orderId: id }] as const),
      ...captures.map((id) => [CAPTURE_PAYMENT, { orderId: id }] as const),
    ]) {
      if (await this.jobs.hasLiveJob(queue, data)) continue;
      await this.jobs.send(queue, data);
      created += 1;
    }
    if (created) this.logger.warn({ msg: 'money sweep: restarted stalled payouts, refunds and captures', created });
    return created;
  }
}
