import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';
import { ReviewsRepository } from './reviews.repository';

const REMIND = 'reviews.remind';

/**
 * The one reminder each person of a completed order gets to write their review: a pg-boss job per person, due some
 * days after completion (created with the order's slots, in the same transaction). When it runs, under the order's
 * lock, it announces `reminder.due` only if the window is still open and that person has written nothing, and records
 * the reminder in that transaction, so a job run twice (a retry after a lost acknowledgement) reminds once.
 */
@Injectable()
export class ReviewReminders implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReviewReminders.name);
  private defined: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly reviews: ReviewsRepository,
    private readonly outbox: Outbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.define();
    await this.jobs.work<{ orderId: string; userId: string }>(REMIND, async ({ orderId, userId }) => {
      await this.remind(orderId, userId);
    });
  }

  private define(): Promise<void> {
    this.defined ??= this.jobs.define(REMIND, {
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
    });
    return this.defined;
  }

  /** Schedules both people's reminders, in the transaction that records the order's slots. */
  async schedule(manager: EntityManager, orderId: string, userIds: string[], remindAt: Date): Promise<void> {
    await this.define();
    for (const userId of userIds)
      await this.jobs.sendInTransaction(manager, REMIND, { orderId, userId }, { startAfter: remindAt });
  }

  /** Sends the reminder if it is still due; answers whether it did. */
  async remind(orderId: string, userId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const order = await this.reviews.lockOrder(manager, orderId);
      if (!order || !order.is_open) return false;
      const role = userId === order.buyer_id ? 'buyer' : userId === order.seller_id ? 'seller' : null;
      if (role === null) return false;
      const written = await this.reviews.reviewsOfOrder(orderId, manager);
      if (written.some((review) => review.authorRole === role)) return false;
      if (!(await this.reviews.recordReminder(manager, orderId, userId))) return false;
      await this.outbox.add(manager, EVENTS.reviews.reminderDue, {
        orderId,
        userId,
        dueBy: order.window_ends_at.toISOString(),
        occurredAt: new Date().toISOString(),
      });
      this.logger.log({ msg: 'review reminder sent', orderId, userId });
      return true;
    });
  }
}
