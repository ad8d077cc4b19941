import { Injectable } from '@nestjs/common';
import {
  EVENTS,
  type ListOrderMessagesRequest,
  type OrderMessageDto,
  type OrderMessagesDto,
  type SendOrderMessageRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox, timeIdCursor } from '@souvenir/platform';
import { OrderAccess } from '../orders/order-access';
import type { OrderViewer as Viewer } from '../orders/order-lifecycle';
import type { OrderEntity } from '../orders/order.entity';
import { OrderMessagesRepository, type OrderMessageRow } from './order-messages.repository';

const PAGE_SIZE = 50;
const cursor = timeIdCursor('createdAt', 'id');

/**
 * The messages an order's buyer and seller write to each other on the order page. A guest buyer has no account, so
 * the conversation is keyed by the order and opened like the order: by the guest's private link (its token), or by
 * the session of the buyer or the seller. Support, once a claim or a card dispute brings the order to them, reads
 * it; nobody else learns that the order exists (404).
 */
@Injectable()
export class OrderMessagesService {
  constructor(
    private readonly messages: OrderMessagesRepository,
    private readonly orderAccess: OrderAccess,
    private readonly outbox: Outbox,
  ) {}

  async list(request: ListOrderMessagesRequest): Promise<OrderMessagesDto> {
    const { order, viewer } = await this.orderAccess.resolve(request);
    return this.page(order, viewer, request.before ?? null);
  }

  /** Keeps the message and announces it (notifications mails a guest buyer) in one transaction. */
  async send(request: SendOrderMessageRequest): Promise<OrderMessagesDto> {
    const { order, viewer } = await this.orderAccess.resolve(request);
    if (viewer === 'support') throw DomainError.forbidden('Only the buyer and the seller can write on an order');
    await this.messages.transaction(async (messages, manager) => {
      const row = await messages.add(order.id, viewer, request.content);
      await this.outbox.add(manager, EVENTS.payments.orderMessageSent, {
        messageId: row.id,
        orderId: order.id,
        productId: order.productId,
        sellerId: order.sellerId,
        buyerUserId: order.buyerUserId,
        from: viewer,
        authorName: authorName(order, viewer),
        content: row.content,
        occurredAt: new Date().toISOString(),
      });
    });
    return this.page(order, viewer, null);
  }

  private async page(order: OrderEntity, viewer: Viewer, before: string | null): Promise<OrderMessagesDto> {
    const after = before ? cursor.decode(before) : null;
    const page = await this.messages.newestPage(order.id, after && { at: after.createdAt, id: after.id }, PAGE_SIZE);
    return {
      items: page.items.reverse().map((row) => toOrderMessage(row, order, viewer)),
      olderCursor: page.next && cursor.encode({ createdAt: page.next.at, id: page.next.id }),
    };
  }
}

function authorName(order: OrderEntity, from: 'buyer' | 'seller'): string {
  if (from === 'seller') return order.sellerName ?? 'Seller';
  return `${order.contactFirstName} ${order.contactLastName}`.trim() || 'Buyer';
}

function toOrderMessage(row: OrderMessageRow, order: OrderEntity, viewer: Viewer): OrderMessageDto {
  return {
    id: row.id,
    from: row.author,
    authorName: authorName(order, row.author),
    content: row.content,
    mine: row.author === viewer,
    createdAt: row.createdAt,
  };
}
