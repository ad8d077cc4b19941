import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type OrderChangedEvent } from '@souvenir/contracts';
import { EventConsumer, Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { CompletedPairs } from '../shield/completed-pairs';
import { MessagesRepository } from './messages.repository';

/** The limit of a message's content (messages_content_length). */
const MAX_CONTENT = 2000;

/** What the conversation says about an order's change, as a sentence. */
export function orderNoteText(event: OrderChangedEvent): string {
  const why = (text: string) => (event.reason ? `${text}: ${event.reason}` : `${text}.`);
  switch (event.to) {
    case 'shipped':
      return `Order shipped with ${event.carrier ?? 'a carrier'}${event.trackingNumber ? `, tracking number ${event.trackingNumber}` : ''}.`;
    case 'delivered':
      return 'Order delivered.';
    case 'completed':
      return event.from === 'disputed' ? why('Claim closed, payment released to the seller') : 'Order completed.';
    case 'cancelled':
      return why('Order cancelled');
    case 'disputed':
      return why('Claim opened');
    case 'refunded':
      return why('Order refunded');
    case 'paid':
      return why('Order updated');
  }
}

/**
 * Follows payments: each change of an order shows as a system note in the conversation between its buyer and seller
 * about the product (creating it if they had not written yet). A guest buyer has no conversation. The note is sent in
 * the name of the party who acted, so the other one has it unread (the seller when the buyer acted, the buyer
 * otherwise). Applied once per event (the consumer records event ids in the same transaction). Like a person's
 * message, the note has its message.sent event: the two people's open threads and lists show it at once.
 */
@Injectable()
export class OrderNotesConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly messages: MessagesRepository,
    private readonly outbox: Outbox,
    private readonly completedPairs: CompletedPairs,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({ [EVENTS.payments.orderChanged]: (event, manager) => this.addNote(event, manager) });
  }

  /** The note, and, when the order completed, the pair the contact-details shield then stays off between. */
  async addNote(event: OrderChangedEvent, manager: EntityManager): Promise<void> {
    if (!event.buyerUserId || event.buyerUserId === event.sellerId) return;
    if (event.to === 'completed')
      await this.completedPairs.record(manager, event.buyerUserId, event.sellerId, event.occurredAt);
    const byBuyer = event.actor === 'buyer';
    await this.messages.insertAnnounced(
      {
        fromUserId: byBuyer ? event.buyerUserId : event.sellerId,
        toUserId: byBuyer ? event.sellerId : event.buyerUserId,
        productId: event.productId,
        content: orderNoteText(event).slice(0, MAX_CONTENT),
        kind: 'system',
      },
      manager,
    );
    this.outbox.wakeAfterThisCommit(manager);
  }
}
