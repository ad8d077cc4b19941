import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';

/** An order's deadlines; each is a column on the order (or its claim) and a pg-boss job due at that time. */
export type DeadlineKind =
  | 'shipBy'
  | 'deliveredBy'
  | 'claimWindowEnds'
  | 'cancelRequestExpires'
  | 'sellerResponseDue'
  | 'returnShipBy'
  | 'returnArrivesBy';

export interface DeadlineJob {
  orderId: string;
  kind: DeadlineKind;
}

export const ORDER_DEADLINE = 'payments.order-deadline';
export const REFUND_ORDER = 'payments.refund-order';
export const CAPTURE_PAYMENT = 'payments.capture-payment';
/**
 * The sale's capture is made at once after the commit; its job waits this long first, so that it is the retry of a
 * capture that failed (or of a process that died) rather than a second caller racing the first.
 */
const CAPTURE_RETRY_AFTER_MS = 30_000;

/**
 * Creates the order's durable jobs in the transaction that changes the order, so a job exists if and only if the
 * change commits. The workers (OrderDeadlines; OrderRefunds in refunds/) re-check the order in the database, so a
 * duplicate or late job changes nothing.
 */
@Injectable()
export class OrderJobs {
  private defined: Promise<void> | null = null;

  constructor(private readonly jobs: JobQueue) {}

  /** The queues exist (pg-boss needs them before a send or a worker). */
  ready(): Promise<void> {
    this.defined ??= (async () => {
      // A deadline that fails (database unavailable) is retried; one that finds nothing to do simply ends.
      await this.jobs.define(ORDER_DEADLINE, { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 });
      // A provider outage fails the refund: retried with backoff for about a day under the same idempotency key.
      await this.jobs.define(REFUND_ORDER, { retryLimit: 30, retryDelay: 5, retryBackoff: true, retryDelayMax: 3600 });
      // A capture is retried for about a day under the same idempotency key, well within an authorisation's ~7 days.
      await this.jobs.define(CAPTURE_PAYMENT, {
        retryLimit: 30,
        retryDelay: 5,
        retryBackoff: true,
        retryDelayMax: 3600,
      });
    })();
    return this.defined;
  }

  async scheduleDeadline(manager: EntityManager, orderId: string, kind: DeadlineKind, at: Date): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(manager, ORDER_DEADLINE, { orderId, kind } satisfies DeadlineJob, {
      startAfter: at,
    });
  }

  /** The capture of a sale just recorded on an authorisation, should the one made after the commit not get through. */
  async scheduleCapture(manager: EntityManager, orderId: string): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(
      manager,
      CAPTURE_PAYMENT,
      { orderId },
      {
        startAfter: new Date(Date.now() + CAPTURE_RETRY_AFTER_MS),
      },
    );
  }

  /** The refund of a cancelled or refunded order: done by the job, after the commit, outside any transaction. */
  async scheduleRefund(manager: EntityManager, orderId: string): Promise<void> {
    await this.ready();
    // One per order: the terminal transition, made once under the order's row lock, creates it; again only when a
    // card dispute that held it back is won (CardDisputes), after the first run refunded nothing.
    await this.jobs.sendInTransaction(manager, REFUND_ORDER, { orderId });
  }
}

const MS_PER_HOUR = 3_600_000;

/** `now` plus a configured number of days (fractions allowed: tests use seconds). */
export const afterDays = (days: number, now = new Date()) =>
  new Date(now.getTime() + Math.round(days * 24 * MS_PER_HOUR));
export const afterHours = (hours: number, now = new Date()) =>
  new Date(now.getTime() + Math.round(hours * MS_PER_HOUR));
