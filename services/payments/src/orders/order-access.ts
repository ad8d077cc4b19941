import { Injectable } from '@nestjs/common';
import type { OrderAccessRequest } from '@souvenir/contracts';
import { DomainError, SupportRole } from '@souvenir/platform';
import { isUUID } from 'class-validator';
import { OrderLinksRepository } from './order-links.repository';
import { hashCheckoutToken } from './checkout-token';
import { ClaimsRepository } from './claims.repository';
import type { OrderViewer } from './order-lifecycle';
import type { OrderEntity } from './order.entity';
import { OrdersRepository } from './orders.repository';

/** The caller of an order route, once resolved: the order and which side they are on. */
export interface OrderAccessGrant {
  order: OrderEntity;
  viewer: OrderViewer;
}

/**
 * Who may open an order, in one place for every order route (its page, its actions, its messages): the buyer (by
 * session, or a guest by the order's private token), the seller, or support (orders with a claim or a card dispute
 * only). Anybody else, and any order never paid, is NOT_FOUND: an order's existence is nobody else's business.
 */
@Injectable()
export class OrderAccess {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly orderLinks: OrderLinksRepository,
    private readonly claims: ClaimsRepository,
    private readonly supportRole: SupportRole,
  ) {}

  async resolve({ orderRef, actorId }: OrderAccessRequest): Promise<OrderAccessGrant> {
    if (!isUUID(orderRef, 'all')) {
      // A guest's private token: the checkout's own, or a link mailed to the guest (receipt, "Find my order").
      const hash = hashCheckoutToken(orderRef);
      const mailed = await this.orderLinks.orderIdOf(hash);
      const order = mailed ? await this.orders.findById(mailed) : await this.orders.findByCheckoutToken(hash);
      // A guest's order (a mailed link is only ever made for one, a checkout token only held by its browser), still a
      // guest's or since given to the account that verified the guest's address.
      if (!order || !order.paidAt || (!mailed && order.checkoutTokenHash === null)) throw DomainError.notFound('Order');
      return { order, viewer: 'buyer' };
    }
    const order = actorId ? await this.orders.findById(orderRef) : null;
    if (!order || !order.paidAt) throw DomainError.notFound('Order');
    if (order.sellerId === actorId) return { order, viewer: 'seller' };
    if (order.buyerUserId === actorId) return { order, viewer: 'buyer' };
    // Support sees an order only when a claim or a card dispute brings it to them.
    const broughtToSupport = order.cardDisputeStatus !== null || (await this.claims.existsForOrder(order.id));
    if (broughtToSupport && (await this.supportRole.is(actorId!))) return { order, viewer: 'support' };
    throw DomainError.notFound('Order');
  }
}
