import {
  DEFAULT_COUNTRY,
  type AddressDto,
  type OrderDto,
  type OrderItemsPart,
  type OrderFailedEvent,
  type OrderPaidEvent,
  type ShippingInfoDto,
} from '@souvenir/contracts';
import type { OrderEntity } from './order.entity';
import type { OrderItemEntity } from './order-item.entity';
import { fromCents } from '../database/cents.transformer';

/** Integer cents of a decimal amount ("12.5" → 1250); null when it is not a valid amount. */
export function toCents(amount: string | number): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(String(amount).trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "12.50" from 1250: the API's price format. */
export { fromCents };

/** Billing and delivery addresses of the checkout form; "Same as billing" copies billing into delivery. */
export function toAddresses(info: ShippingInfoDto): { billing: AddressDto; delivery: AddressDto } {
  const billing: AddressDto = {
    street: info.billingStreet,
    city: info.billingCity,
    state: info.billingState || null,
    zip: info.billingZip,
    country: info.billingCountry || DEFAULT_COUNTRY,
  };
  const delivery: AddressDto = info.sameAsDelivery
    ? { ...billing }
    : {
        street: info.deliveryStreet!,
        city: info.deliveryCity!,
        state: info.deliveryState || null,
        zip: info.deliveryZip!,
        country: info.deliveryCountry || DEFAULT_COUNTRY,
      };
  return { billing, delivery };
}

/** The item an order is for, as the order recorded it when the checkout started (every order view shows it). */
export function toOrderProductDto(order: OrderEntity): OrderDto['product'] {
  return { id: order.productId, title: order.productTitle, image: order.productImage };
}

/**
 * The items part of every order answer: all its items (an order written before items were recorded shows its
 * product as its one item), the bundle discount, and what was refunded when only part of the order was.
 */
export function toOrderItemsPart(order: OrderEntity, items: OrderItemEntity[]): OrderItemsPart {
  const shown = items.length
    ? items.map((item) => ({
        id: item.productId,
        title: item.title,
        image: item.image,
        price: fromCents(item.priceCents),
        refunded: item.refundedAt !== null || order.status === 'refunded',
      }))
    : [{ ...toOrderProductDto(order), price: fromCents(order.amountCents), refunded: order.status === 'refunded' }];
  const partlyRefunded = order.refundCents !== null && order.status !== 'refunded';
  return {
    items: shown,
    ...(order.discountCents > 0 ? { discount: fromCents(order.discountCents) } : {}),
    ...(partlyRefunded ? { refundedAmount: fromCents(order.refundCents!) } : {}),
  };
}

/** An order as its buyer sees it; the seller's view adds the buyer's name and where to ship. */
export function toOrderDto(order: OrderEntity, view: 'purchase' | 'sale', items: OrderItemEntity[] = []): OrderDto {
  return {
    id: order.id,
    product: toOrderProductDto(order),
    ...toOrderItemsPart(order, items),
    amount: fromCents(order.amountCents),
    currency: order.currency,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    ...(view === 'sale'
      ? {
          buyer: {
            firstName: order.contactFirstName,
            lastName: order.contactLastName,
            deliveryAddress: order.deliveryAddress,
          },
        }
      : {}),
  };
}

/** The order paid event; a bundle's names all its items (`productIds`, the first being `productId`). */
export function toOrderPaidEvent(order: OrderEntity, productIds: string[] = [order.productId]): OrderPaidEvent {
  return {
    orderId: order.id,
    productId: order.productId,
    ...(productIds.length > 1 ? { productIds } : {}),
    sellerId: order.sellerId,
    buyerUserId: order.buyerUserId,
    amountCents: order.amountCents,
    currency: order.currency,
    productTitle: order.productTitle,
    occurredAt: new Date().toISOString(),
  };
}

export function toOrderFailedEvent(order: OrderEntity): OrderFailedEvent {
  return {
    orderId: order.id,
    productId: order.productId,
    buyerUserId: order.buyerUserId,
    status: order.status === 'refunded' ? 'refunded' : 'failed',
    ...(order.failureMessage ? { reason: order.failureMessage } : {}),
    occurredAt: new Date().toISOString(),
  };
}
