import { Injectable } from '@nestjs/common';
import {
  canTransition,
  EVENTS,
  isAfterPayment,
  type OrderActor,
  type OrderChangedEvent,
  type OrderStatus,
} from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { SellerRecords } from '../sellers/seller-records';
import { ClaimsRepository } from './claims.repository';
import { OrderHistoryRepository } from './order-history.repository';
import type { OrderItemEntity } from './order-item.entity';
import { OrderItemsRepository } from './order-items.repository';
import type { OrderEntity } from './order.entity';

export interface OrderChange {
  from: OrderStatus | null;
  to: OrderStatus;
  actor: OrderActor;
  reason?: string | null;
  /** A claim's photos (the buyer's opening it, the seller's answering it): carried by the event, for media to keep. */
  photos?: string[];
}

/**
 * Writes a transition down, in the transition's transaction: a history entry, the seller's track record, and the
 * order changed event (the payment itself, pending → paid, is announced by order paid instead).
 */
@Injectable()
export class OrderJournal {
  constructor(
    private readonly history: OrderHistoryRepository,
    private readonly outbox: Outbox,
    private readonly sellerRecords: SellerRecords,
    private readonly items: OrderItemsRepository,
    private readonly claims: ClaimsRepository,
  ) {}

  async record(manager: EntityManager, order: OrderEntity, change: OrderChange): Promise<void> {
    if (change.from !== null && !canTransition(change.from, change.to)) {
      // The lifecycle's rules let no such change through; this guards the table against a rule that would.
      throw new Error(`An order cannot go from ${change.from} to ${change.to}`);
    }
    await this.history.withManager(manager).append({
      orderId: order.id,
      actor: change.actor,
      from: change.from,
      to: change.to,
      reason: change.reason ?? null,
    });
    await this.sellerRecords.countTransition(manager, order, change);
    if (change.from === null || !isAfterPayment(change.from) || !isAfterPayment(change.to)) return;
    // A bundle's change concerns each item (catalog puts every one back on sale when it is cancelled).
    const items = await this.items.withManager(manager).findByOrderId(order.id);
    const productIds = items.map((item) => item.productId);
    // A claim refunded some of the items as the order completed: catalog lets their seller relist them.
    const refundedProductIds =
      change.to === 'completed' && order.refundCents !== null
        ? items.filter((item) => item.refundedAt !== null).map((item) => item.productId)
        : [];
    const claimed = change.to === 'disputed' ? await this.claimedItems(manager, order.id, items) : [];
    const event: OrderChangedEvent = {
      orderId: order.id,
      productId: order.productId,
      ...(productIds.length > 1 ? { productIds } : {}),
      ...(refundedProductIds.length ? { refundedProductIds } : {}),
      ...(claimed.length
        ? { claimedProductIds: claimed.map((item) => item.productId), claimedTitle: claimed[0].title }
        : {}),
      sellerId: order.sellerId,
      buyerUserId: order.buyerUserId,
      from: change.from,
      to: change.to,
      actor: change.actor,
      ...(change.reason ? { reason: change.reason } : {}),
      ...(change.to === 'shipped' && order.carrier ? { carrier: order.carrier } : {}),
      ...(change.to === 'shipped' && order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
      ...(change.photos?.length ? { photos: change.photos } : {}),
      productTitle: order.productTitle,
      occurredAt: new Date().toISOString(),
    };
    await this.outbox.add(manager, EVENTS.payments.orderChanged, event);
  }

  /** The items the order's claim names, when it names some of them and not all (a claim on part of a bundle). */
  private async claimedItems(manager: EntityManager, orderId: string, items: OrderItemEntity[]) {
    const claim = await this.claims.withManager(manager).findByOrderId(orderId);
    const named = claim?.productIds ?? [];
    const claimed = items.filter((item) => named.includes(item.productId));
    return claimed.length < items.length ? claimed : [];
  }
}
