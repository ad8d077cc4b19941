import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PayoutsService } from '../payouts/payouts.service';
import type { ProviderDispute } from '../providers/payment-provider';
import { ProviderEventsRepository, type ProviderEventRecord } from '../providers/provider-events.repository';
import { OrderJobs } from './order-jobs';
import { OrderJournal } from './order-journal';
import { OrdersRepository } from './orders.repository';

/**
 * Card disputes are an order's change: the order records the bank's dispute and its journal says so; the money it
 * moves (a payout resumed, a chargeback) is payouts' part, asked in the same transaction.
 */
@Injectable()
export class CardDisputes {
  private readonly logger = new Logger(CardDisputes.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly journal: OrderJournal,
    private readonly payouts: PayoutsService,
    private readonly providerEvents: ProviderEventsRepository,
    private readonly orderJobs: OrderJobs,
  ) {}

  /**
   * A card dispute on an order's charge. Opened: the order's money is frozen (no transfer until it closes). Won: it
   * is released again, and a cancellation's refund that waited for it goes out. Lost: the buyer's bank took the money back, from held or from the seller's earnings, and a
   * transfer already made is reversed. Deliveries older than the last one applied change nothing.
   */
  async apply(dispute: ProviderDispute, created: number, event: ProviderEventRecord): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.providerEvents.withManager(manager).recordOnce(event))) return;
      const orders = this.orders.withManager(manager);
      const order = await orders.lockByCharge(dispute.chargeId, dispute.paymentIntentId);
      if (!order || !order.paidAt) {
        this.logger.warn({
          msg: 'card dispute for an unknown charge',
          disputeId: dispute.id,
          chargeId: dispute.chargeId,
        });
        return;
      }
      if (order.cardDisputeEventAt !== null && created < order.cardDisputeEventAt) return;
      const status = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : 'open';
      order.cardDisputeEventAt = created;
      if (order.cardDisputeStatus === status) {
        await orders.save(order);
        return;
      }
      order.cardDisputeStatus = status;
      order.cardDisputeReason = dispute.reason;
      order.cardDisputeOpenedAt ??= new Date();
      await orders.save(order);
      await this.payouts.disputeChanged(manager, order, status);
      // A cancellation's refund waited for the dispute (OrderRefunds): won by the seller, the buyer is still owed it.
      const owesRefund = ['cancelled', 'refunded'].includes(order.status) || order.refundCents !== null;
      if (status === 'won' && owesRefund && !order.refundedAt) await this.orderJobs.scheduleRefund(manager, order.id);
      const reason =
        status === 'open'
          ? `The buyer's bank opened a card dispute (${dispute.reason}): the money is frozen`
          : status === 'won'
            ? 'The card dispute was decided for the seller'
            : 'The card dispute was decided for the buyer: their bank returned the money';
      await this.journal.record(manager, order, { from: order.status, to: order.status, actor: 'system', reason });
    });
  }
}
