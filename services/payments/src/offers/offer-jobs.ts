import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';

export const OFFER_EXPIRY = 'payments.offer-expiry';

export interface OfferExpiryJob {
  offerId: string;
}

/**
 * An offer's deadline as a pg-boss job, created in the transaction that sets `expires_at`, so it exists if and only if
 * the change commits. The worker re-reads the offer: a job whose deadline was moved on (a new counter, an acceptance)
 * or whose offer was answered finds nothing to do.
 */
@Injectable()
export class OfferJobs {
  private defined: Promise<void> | null = null;

  constructor(private readonly jobs: JobQueue) {}

  ready(): Promise<void> {
    this.defined ??= this.jobs.define(OFFER_EXPIRY, {
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
    });
    return this.defined;
  }

  async scheduleExpiry(manager: EntityManager, offerId: string, at: Date): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(manager, OFFER_EXPIRY, { offerId } satisfies OfferExpiryJob, { startAfter: at });
  }

  async work(handler: (job: OfferExpiryJob) => Promise<void>): Promise<void> {
    await this.ready();
    await this.jobs.work<OfferExpiryJob>(OFFER_EXPIRY, handler);
  }
}
