import { Injectable } from '@nestjs/common';
import type { ListPayoutsRequest, PayoutsPageDto } from '@souvenir/contracts';
import { timeIdCursor } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { JobQueue } from '../jobs/job-queue';
import { chargebackLines, feeOf, releaseLines } from '../ledger/ledger-entries';
import { Ledger } from '../ledger/ledger';
import { fromCents } from '../database/cents.transformer';
import { stillPaidCents, type FundedOrder } from './order-funds';
import { PayoutAccountsRepository } from './payout-accounts.repository';
import type { PayoutEntity } from './payout.entity';
import { PayoutsRepository } from './payouts.repository';
import { toPayoutDto } from './payout-views';

export const TRANSFER_PAYOUT = 'payments.transfer-payout';
export const REVERSE_PAYOUT = 'payments.reverse-payout';

const PAGE_SIZE = 20;
const payoutCursor = timeIdCursor('createdAt', 'id');

export interface PayoutJob {
  payoutId: string;
}

/**
 * The seller's side of the money: an order that completes releases its held money to the seller's balance (a ledger
 * entry, in the completing transaction) and gets a payout; the payout's transfer is made by a durable job after the
 * commit, outside any transaction, under a key derived from the order, and recorded (with its ledger entry) when the
 * provider answers (`PayoutTransfers`). Without an active payout account the payout waits; it is resumed when the
 * account becomes active.
 */
@Injectable()
export class PayoutsService {
  private defined: Promise<void> | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly jobs: JobQueue,
    private readonly payouts: PayoutsRepository,
    private readonly accounts: PayoutAccountsRepository,
    private readonly config: PaymentsConfig,
  ) {}

  /** Defines the payout jobs' queues (once): before a job is sent, and before `PayoutTransfers` works them. */
  ready(): Promise<void> {
    this.defined ??= (async () => {
      // A provider outage fails the job: retried with backoff for about a day under the same idempotency key.
      const retries = { retryLimit: 30, retryDelay: 5, retryBackoff: true, retryDelayMax: 3600 };
      await this.jobs.define(TRANSFER_PAYOUT, retries);
      await this.jobs.define(REVERSE_PAYOUT, retries);
    })();
    return this.defined;
  }

  /** The platform's fee on an order of this amount. */
  feeOf(amountCents: number): number {
    return feeOf(amountCents, this.config.PLATFORM_FEE_PERCENT);
  }

  /** In the transaction that completes the order: held → the seller's balance (less the fee), and its payout. */
  async release(manager: EntityManager, order: FundedOrder): Promise<void> {
    if (order.cardDisputeStatus === 'lost') return; // the buyer's bank already took the money back
    const feeCents = this.feeOf(order.amountCents);
    await this.ledger.post(manager, {
      kind: 'release',
      orderId: order.id,
      sellerId: order.sellerId,
      lines: releaseLines({ amountCents: order.amountCents, feeCents }),
    });
    // Read FOR SHARE: an activation being written is waited for and seen; one written after this commits sees the
    // waiting payout and resumes it. A plain read could miss both, and the payout would wait for ever.
    const account = await this.accounts.withManager(manager).findBySellerForShare(order.sellerId);
    const payable = account?.status === 'active' && order.cardDisputeStatus !== 'open';
    const payoutId = await this.payouts.withManager(manager).insertOnce({
      orderId: order.id,
      sellerId: order.sellerId,
      amountCents: order.amountCents - feeCents,
      feeCents,
      currency: order.currency,
      status: payable ? 'pending' : 'waiting',
    });
    if (payoutId && payable) await this.scheduleTransfer(manager, payoutId);
  }

  /** The seller's account became active: their waiting (or refused) payouts are made now. */
  async resumeWaiting(manager: EntityManager, sellerId: string): Promise<void> {
    for (const id of await this.payouts.withManager(manager).resumeWaiting(sellerId))
      await this.scheduleTransfer(manager, id);
  }

  /**
   * The money side of a card dispute's new status, in the order's transaction (the payout row locked either way):
   * won resumes the seller's payouts that waited on it; lost charges the money back and reverses a transfer.
   */
  async disputeChanged(manager: EntityManager, order: FundedOrder, status: 'open' | 'won' | 'lost'): Promise<void> {
    const payout = await this.payouts.withManager(manager).lockByOrderId(order.id);
    if (status === 'won' && payout && (payout.status === 'waiting' || payout.status === 'failed'))
      await this.resumeWaiting(manager, order.sellerId);
    if (status === 'lost') await this.chargeBack(manager, order, payout);
  }

  private async chargeBack(manager: EntityManager, order: FundedOrder, payout: PayoutEntity | null): Promise<void> {
    // All of it refunded by us already: the bank's chargeback is the provider's to contest.
    const takenCents = stillPaidCents(order);
    if (takenCents === 0) return;
    // A completed order released its amount less a claim's refund of some items (`release` above), once.
    const releasedCents = (await this.ledger.has(manager, 'release', order.id))
      ? order.amountCents - (order.refundCents ?? 0)
      : 0;
    const feeCents = releasedCents === 0 ? 0 : (payout?.feeCents ?? this.feeOf(releasedCents));
    await this.ledger.post(manager, {
      kind: 'chargeback',
      orderId: order.id,
      sellerId: order.sellerId,
      lines: chargebackLines({ takenCents, releasedCents, feeCents }),
    });
    if (!payout) return;
    if (payout.status === 'paid') {
      await this.scheduleReversal(manager, payout.id);
    } else if (payout.status !== 'reversed') {
      Object.assign(payout, {
        status: 'reversed',
        reversedAt: new Date(),
        failureMessage: "The buyer's bank returned the money (card dispute lost)",
      });
      await this.payouts.withManager(manager).save(payout);
    }
  }

  /** The seller's balance and one page of their payouts, newest first (one statement for the page, orders joined). */
  async list({ actorId, cursor, limit }: ListPayoutsRequest): Promise<PayoutsPageDto> {
    const size = limit ?? PAGE_SIZE;
    const after = cursor ? payoutCursor.decode(cursor) : null;
    const [page, balances] = await Promise.all([
      this.payouts.findSellerPage(actorId, after && { at: after.createdAt, id: after.id }, size),
      this.ledger.balances(actorId),
    ]);
    return {
      balance: {
        held: fromCents(balances.held),
        available: fromCents(balances.available),
        paidOut: fromCents(balances.paidOut),
        currency: 'usd',
      },
      items: page.items.map((p) => toPayoutDto(p, p.order)),
      nextCursor: page.next && payoutCursor.encode({ createdAt: page.next.at, id: page.next.id }),
    };
  }

  /** A paid transfer taken back, by the reversal job after the commit. */
  async scheduleReversal(manager: EntityManager, payoutId: string): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(manager, REVERSE_PAYOUT, { payoutId } satisfies PayoutJob);
  }

  private async scheduleTransfer(manager: EntityManager, payoutId: string): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(manager, TRANSFER_PAYOUT, { payoutId } satisfies PayoutJob);
  }
}
