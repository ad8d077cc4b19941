import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';

const RESERVATION_ENDS = 'catalog.reservation-ends';

/** The job that ends one reservation: the product and the reservation version it was scheduled for. */
export interface ReservationEndsJob {
  productId: string;
  version: number;
}

/**
 * The end of each reservation, a pg-boss job due at its time and created in the transaction that reserves (so it
 * exists if and only if the reservation does). Retried with backoff when it fails, e.g. fetched a moment early.
 */
@Injectable()
export class ReservationEnds {
  private defined: Promise<void> | null = null;

  constructor(private readonly jobs: JobQueue) {}

  /** The queue exists before the first job is sent. */
  private define(): Promise<void> {
    this.defined ??= this.jobs.define(RESERVATION_ENDS, {
      retryLimit: 20,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 600,
    });
    return this.defined;
  }

  async schedule(manager: EntityManager, job: ReservationEndsJob, at: Date): Promise<void> {
    await this.define();
    await this.jobs.sendInTransaction(manager, RESERVATION_ENDS, job, { startAfter: at });
  }

  async work(handler: (job: ReservationEndsJob) => Promise<void>): Promise<void> {
    await this.define();
    await this.jobs.work<ReservationEndsJob>(RESERVATION_ENDS, handler);
  }
}
