import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { JobQueue } from '../jobs/job-queue';
import { ClaimsRepository } from './claims.repository';
import { ORDER_DEADLINE, OrderJobs, type DeadlineJob } from './order-jobs';
import { OrderJournal, type OrderChange } from './order-journal';
import { OrderSteps } from './order-steps';
import { OrdersRepository } from './orders.repository';

/** The order's deadlines (pg-boss jobs created with each transition): what happens when one passes. */
@Injectable()
export class OrderDeadlines implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly claims: ClaimsRepository,
    private readonly steps: OrderSteps,
    private readonly journal: OrderJournal,
    private readonly orderJobs: OrderJobs,
    private readonly jobs: JobQueue,
    private readonly config: PaymentsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.orderJobs.ready();
    await this.jobs.work<DeadlineJob>(ORDER_DEADLINE, (job) => this.fireDeadline(job));
  }

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
        change = await this.steps.cancelWithRefund(
          order,
          manager,
          'system',
          `Not shipped within ${this.config.SHIP_WITHIN_DAYS} days`,
        );
      } else if (kind === 'deliveredBy' && order.status === 'shipped' && due(order.deliveredBy)) {
        change = await this.steps.deliver(
          order,
          manager,
          'system',
          `Not marked delivered within ${this.config.DELIVERY_WINDOW_DAYS} days of shipping`,
        );
      } else if (kind === 'claimWindowEnds' && order.status === 'delivered' && due(order.claimWindowEnds)) {
        await this.steps.complete(order, manager);
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
          await this.steps.complete(order, manager);
          change = { from: 'disputed', to: 'completed', actor: 'system', reason: claim.decisionReason };
        }
      } else if (kind === 'returnArrivesBy' && order.status === 'disputed' && claim?.status === 'returning') {
        if (claim.returnShippedAt && due(claim.returnArrivesBy)) {
          // Sent with tracking and not confirmed in time: the buyer is refunded all the same.
          claim.status = 'resolved';
          await this.claims.withManager(manager).save(claim);
          change = await this.steps.refundAfterClaim(
            order,
            claim,
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
}
