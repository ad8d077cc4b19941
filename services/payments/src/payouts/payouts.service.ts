import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS, type ListPayoutsRequest, type PayoutsPageDto } from '@souvenir/contracts';
import { Outbox, timeIdCursor } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { JobQueue } from '../jobs/job-queue';
import { chargebackLines, feeOf, releaseLines, transferLines, transferReversalLines } from '../ledger/ledger-entries';
import { Ledger } from '../ledger/ledger';
import { fromCents } from '../database/cents.transformer';
import { PaymentProvider, TransferRefused } from '../providers/payment-provider';
import { OrderFunds, type FundedOrder } from './order-funds';
import { PayoutAccountsRepository } from './payout-accounts.repository';
import type { PayoutEntity } from './payout.entity';
import { PayoutsRepository } from './payouts.repository';
import { toPayoutDto } from './payout-views';

export const TRANSFER_PAYOUT = 'payments.transfer-payout';
export const REVERSE_PAYOUT = 'payments.reverse-payout';

const PAGE_SIZE = 20;
const payoutCursor = timeIdCursor('createdAt', 'id');

interface PayoutJob {
  payoutId: string;
}

/**
 * The seller's side of the money: an order that completes releases its held money to the seller's balance (a ledger
 * entry, in the completing transaction) and gets a payout; the payout's transfer is made by a durable job after the
 * commit, outside any transaction, under a key derived from the order, and recorded (with its ledger entry) when the
 * provider answers. Without an active payout account the payout waits; it is resumed when the account becomes active.
 */
@Injectable()
export class PayoutsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PayoutsService.name);
  private defined: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: Ledger,
    private readonly provider: PaymentProvider,
    private readonly jobs: JobQueue,
    private readonly orders: OrderFunds,
    private readonly payouts: PayoutsRepository,
    private readonly accounts: PayoutAccountsRepository,
    private readonly config: PaymentsConfig,
    private readonly outbox: Outbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ready();
    await this.jobs.work<PayoutJob>(TRANSFER_PAYOUT, ({ payoutId }) => this.transfer(payoutId));
    await this.jobs.work<PayoutJob>(REVERSE_PAYOUT, ({ payoutId }) => this.reverse(payoutId));
  }

  private ready(): Promise<void> {
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
    const account = await this.accounts.withManager(manager).findBySeller(order.sellerId);
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

  /** The transfer job: pays one payout, at most once (the provider's idempotency key is derived from the order). */
  async transfer(payoutId: string): Promise<void> {
    const payout = await this.payouts.findById(payoutId);
    if (!payout || payout.status !== 'pending') return;
    const order = await this.orders.findById(payout.orderId);
    if (!order) throw new Error(`payout ${payoutId} has no order ${payout.orderId}`);
    const account = await this.accounts.findBySeller(payout.sellerId);
    if (account?.status !== 'active' || order.cardDisputeStatus === 'open' || !order.providerChargeId) {
      await this.payouts.markWaiting(payoutId);
      return;
    }
    let transferId: string;
    try {
      transferId = await this.provider.createTransfer({
        amountCents: payout.amountCents,
        currency: payout.currency,
        destination: account.providerAccountId,
        sourceTransaction: order.providerChargeId,
        transferGroup: order.id,
        idempotencyKey: `transfer-${order.id}`,
      });
    } catch (error) {
      if (!(error instanceof TransferRefused)) throw error; // retried by the job
      this.logger.warn({ msg: 'transfer refused', payoutId, orderId: order.id, reason: error.message });
      await this.payouts.markRefused(payoutId, error.message);
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      // The order first, then the payout: the order a dispute's transaction locks them in.
      const disputed = await this.orders.lockById(manager, order.id);
      const payouts = this.payouts.withManager(manager);
      const locked = await payouts.lockById(payoutId);
      // The money has moved whatever happened to the payout meanwhile: record it once.
      if (!locked || locked.providerTransferId) return;
      Object.assign(locked, {
        status: 'paid',
        providerTransferId: transferId,
        paidAt: new Date(),
        reversedAt: null,
        failureMessage: null,
      });
      await payouts.save(locked);
      // A dispute lost while the transfer was on its way found nothing to reverse yet: the transfer is taken back now.
      if (disputed?.cardDisputeStatus === 'lost') await this.scheduleReversal(manager, payoutId);
      await this.ledger.post(manager, {
        kind: 'transfer',
        orderId: order.id,
        sellerId: order.sellerId,
        payoutId,
        lines: transferLines(locked.amountCents),
      });
      await this.outbox.add(manager, EVENTS.payments.payoutPaid, {
        payoutId,
        orderId: order.id,
        sellerId: order.sellerId,
        amountCents: locked.amountCents,
        currency: locked.currency,
        productTitle: order.productTitle,
        occurredAt: locked.paidAt!.toISOString(),
      });
    });
    this.logger.log({ msg: 'payout paid', payoutId, orderId: order.id, transferId });
  }

  /** The reversal job (after a lost card dispute): takes a paid transfer back, at most once. */
  async reverse(payoutId: string): Promise<void> {
    const payout = await this.payouts.findById(payoutId);
    if (!payout || payout.status !== 'paid' || !payout.providerTransferId) return;
    await this.provider.reverseTransfer(payout.providerTransferId, `reversal-${payout.orderId}`);
    await this.dataSource.transaction(async (manager) => {
      const payouts = this.payouts.withManager(manager);
      const locked = await payouts.lockById(payoutId);
      if (!locked || locked.status !== 'paid') return;
      Object.assign(locked, { status: 'reversed', reversedAt: new Date() });
      await payouts.save(locked);
      await this.ledger.post(manager, {
        kind: 'transfer_reversal',
        orderId: locked.orderId,
        sellerId: locked.sellerId,
        payoutId,
        lines: transferReversalLines(locked.amountCents),
      });
    });
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
    if (order.refundedAt) return; // already refunded by us: the bank's chargeback is the provider's to contest
    const released = await this.ledger.has(manager, 'release', order.id);
    const feeCents = payout?.feeCents ?? this.feeOf(order.amountCents);
    await this.ledger.post(manager, {
      kind: 'chargeback',
      orderId: order.id,
      sellerId: order.sellerId,
      lines: chargebackLines({ amountCents: order.amountCents, feeCents }, released),
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

  private async scheduleReversal(manager: EntityManager, payoutId: string): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(manager, REVERSE_PAYOUT, { payoutId } satisfies PayoutJob);
  }

  private async scheduleTransfer(manager: EntityManager, payoutId: string): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(manager, TRANSFER_PAYOUT, { payoutId } satisfies PayoutJob);
  }
}
