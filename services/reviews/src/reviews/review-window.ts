import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';
import { Publication } from './publication';
import { ReviewsRepository } from './reviews.repository';

const WINDOW_ENDS = 'reviews.window-ends';

/**
 * The end of an order's review window, a pg-boss job due at that time (created with the order's slots, in the same
 * transaction): it publishes whatever was written. Idempotent: an order already published (both wrote) is left as it
 * is, and the order's lock makes the job and a last-minute review take turns.
 */
@Injectable()
export class ReviewWindow implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReviewWindow.name);
  private defined: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly reviews: ReviewsRepository,
    private readonly publication: Publication,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.define();
    await this.jobs.work<{ orderId: string }>(WINDOW_ENDS, ({ orderId }) => this.end(orderId));
  }

  /** The queue exists before the first job is sent (the event consumer may start first). */
  private define(): Promise<void> {
    this.defined ??= this.jobs.define(WINDOW_ENDS, {
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
    });
    return this.defined;
  }

  /** Schedules the end of the window, in the transaction that records the order's slots. */
  async schedule(manager: EntityManager, orderId: string, windowEndsAt: Date): Promise<void> {
    await this.define();
    await this.jobs.sendInTransaction(manager, WINDOW_ENDS, { orderId }, { startAfter: windowEndsAt });
  }

  async end(orderId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const order = await this.reviews.lockOrder(manager, orderId);
      if (!order || order.published_at) return;
      // pg-boss and Postgres share one clock; a job fetched a moment early fails and is retried.
      if (order.is_open) throw new Error(`review window of order ${orderId} has not ended yet`);
      await this.publication.publish(manager, orderId);
      this.logger.log({ msg: 'review window ended', orderId });
    });
  }
}
