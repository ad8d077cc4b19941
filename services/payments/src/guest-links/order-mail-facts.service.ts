import { Injectable } from '@nestjs/common';
import type { GetOrderMailFactsRequest, GuestOrderLinksRequest, OrderMailFactsDto } from '@souvenir/contracts';
import { hashCheckoutToken, newCheckoutToken } from '../orders/checkout-token';
import { OrderEntity } from '../orders/order.entity';
import type { OrderItemEntity } from '../orders/order-item.entity';
import { OrdersRepository } from '../orders/orders.repository';
import { OrderItemsRepository } from '../orders/order-items.repository';
import { OrderLinksRepository } from '../orders/order-links.repository';

/** How long a mailed guest link opens the order: longer than any order lives; "Find my order" mails new ones. */
const LINK_VALID_DAYS = 180;
const FIND_LIMIT = 20;

/**
 * What notifications needs to mail about orders (it is the only sender; these subjects are granted to it alone): the
 * facts a receipt shows and the link that opens each order, a guest's being a new random token stored hashed.
 */
@Injectable()
export class OrderMailFactsService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly links: OrderLinksRepository,
    private readonly items: OrderItemsRepository,
  ) {}

  async facts({ orderIds, guestLinks }: GetOrderMailFactsRequest): Promise<OrderMailFactsDto[]> {
    const orders = await this.orders.findPaidByIds(orderIds);
    const items = await this.items.byOrderIds(orders.map((order) => order.id));
    const forGuest = new Set(guestLinks);
    return Promise.all(
      orders.map((order) =>
        this.toFacts(order, forGuest.has(order.id) && order.buyerUserId === null, items.get(order.id)),
      ),
    );
  }

  async guestLinks({ email }: GuestOrderLinksRequest): Promise<OrderMailFactsDto[]> {
    const ids = await this.links.paidGuestOrderIds(email, FIND_LIMIT);
    const orders = await this.orders.findPaidByIds(ids);
    const items = await this.items.byOrderIds(orders.map((order) => order.id));
    return Promise.all(orders.map((order) => this.toFacts(order, true, items.get(order.id))));
  }

  private async toFacts(
    order: OrderEntity,
    guestLink: boolean,
    items: OrderItemEntity[] = [],
  ): Promise<OrderMailFactsDto> {
    let link = `/orders/${order.id}`;
    if (guestLink) {
      const token = newCheckoutToken();
      await this.links.add(order.id, hashCheckoutToken(token), LINK_VALID_DAYS);
      link = `/orders/${token}`;
    }
    return {
      orderId: order.id,
      productTitle: order.productTitle,
      // An order written before items were recorded has its product as its one item.
      itemTitles: items.length ? items.map((item) => item.title) : [order.productTitle],
      amountCents: order.amountCents,
      currency: order.currency,
      sellerName: order.sellerName,
      sellerId: order.sellerId,
      buyerUserId: order.buyerUserId,
      buyerEmail: order.contactEmail,
      buyerFirstName: order.contactFirstName,
      link,
    };
  }
}
