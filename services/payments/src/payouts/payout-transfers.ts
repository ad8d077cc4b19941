import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';
import { transferLines, transferReversalLines } from '../ledger/ledger-entries';
import { Ledger } from '../ledger/ledger';
import { PaymentProvider, TransferRefused } from '../providers/payment-provider';
import { OrderFunds } from './order-funds';
import { PayoutAccountsRepository } from './payout-accounts.repository';
import { PayoutsRepository } from './payouts.repository';
import { PayoutsService, REVERSE_PAYOUT, TRANSFER_PAYOUT, type PayoutJob } from './payouts.service';

/**
 * The payout jobs: a payout's transfer and a lost dispute's reversal, each after the commit that scheduled it. Apart
 * from `PayoutsService` because the transfer reads the order (`OrderFunds`, which orders/ provides, while orders/
 * calls `PayoutsService`): `PayoutTransfersModule` is given the module that provides it.
 */
@Injectable()
export class PayoutTransfers implements OnApplicationBootstrap {
  private readonly logger = new Logger(PayoutTransfers.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: Ledger,
    private readonly provider: PaymentProvider,
    private readonly jobs: JobQueue,
    private readonly orders: OrderFunds,
    private readonly payoutsService: PayoutsService,
    private readonly payouts: PayoutsRepository,
    private readonly accounts: PayoutAccountsRepository,
    private readonly outbox: Outbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.payoutsService.ready();
    await this.jobs.work<PayoutJob>(TRANSFER_PAYOUT, ({ payoutId }) => this.transfer(payoutId));
    await this.jobs.work<PayoutJob>(REVERSE_PAYOUT, ({ payoutId }) => this.reverse(payoutId));
  }

  /** The transfer job: pays one payout, at most once (the provider's idempotency key is derived from the order). */
  async transfer(payoutId: string): Promise<void> {
    const payout = await this.payouts.findById(payoutId);
    if (!payout || payout.status !== 'pending') return;
    const order = await this.orders.findById(payout.orderId);
    if (!order) throw new Error(`payout ${payoutId} has no order ${payout.orderId}`);
    // Parked as waiting only under the locks of those who resume it: the order's (a dispute's transaction takes it
    // first; won resumes waiting payouts) and the account's (an activation writes it and resumes them). Read without
    // them, a dispute won or an account activated between this read and the parking found the payout still pending
    // and left it, and it waited for good (seen in ledger-histories under load).
    const chargeId = order.providerChargeId;
    const account = await this.dataSource.transaction(async (manager) => {
      const current = await this.orders.lockById(manager, order.id);
      const seller = await this.accounts.withManager(manager).findBySellerForShare(payout.sellerId);
      if (seller?.status === 'active' && current?.cardDisputeStatus !== 'open' && chargeId) return seller;
      await this.payouts.withManager(manager).markWaiting(payoutId);
      return null;
    });
    if (!account || !chargeId) return;
    let transferId: string;
    try {
      transferId = await this.provider.createTransfer({
        amountCents: payout.amountCents,
        currency: payout.currency,
        destination: account.providerAccountId,
        sourceTransaction: chargeId,
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
      if (disputed?.cardDisputeStatus === 'lost') await this.payoutsService.scheduleReversal(manager, payoutId);
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
        ...(order.itemCount && order.itemCount > 1 ? { itemCount: order.itemCount } : {}),
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
}
