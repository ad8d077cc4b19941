import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, itemsInWords, type OfferChangedEvent } from '@souvenir/contracts';
import { EventConsumer, Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { MessagesRepository } from './messages.repository';

/** The limit of a message's content (messages_content_length). */
const MAX_CONTENT = 2000;

/**
 * What the conversation says about a step of an offer, in the name of the party who acted. An offer on a bundle lives
 * in the conversation about its lead item and names its items ("for Rug and 2 more items").
 */
export function offerNoteText(event: OfferChangedEvent): string {
  const amount = `$${(event.amountCents / 100).toFixed(2)}`;
  const what = event.moreItems ? ` for ${itemsInWords(event.productTitle, event.moreItems + 1)}` : '';
  switch (event.status) {
    case 'pending':
      if (event.actor === 'seller') return `Sent you an offer: ${amount} for this item.`;
      return `Made an offer of ${amount}${what}.`;
    case 'countered':
      // The seller's offer to the item's favouriters waits for the buyer as a counter does.
      return event.origin === 'seller' ? `Offered you this item for ${amount}.` : `Countered with ${amount}${what}.`;
    case 'accepted':
      return `Accepted the offer of ${amount}${what}. It can be paid for until ${payBy(event.expiresAt)}.`;
    case 'declined':
      return `Declined the offer of ${amount}${what}.`;
    case 'withdrawn':
      return `Withdrew the offer of ${amount}${what}.`;
    case 'expired':
      return `The offer of ${amount}${what} expired.`;
    case 'ended':
      return what
        ? `The offer of ${amount}${what} ended: an item is no longer for sale.`
        : `The offer of ${amount} ended: the item is no longer for sale.`;
    case 'purchased':
      return `Paid ${amount} for the accepted offer${what}.`;
  }
}

function payBy(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
}

/**
 * Follows payments: each step of an offer (made, countered, accepted, declined, withdrawn, expired, ended by a sale,
 * paid) shows as an `offer` note in the conversation of its buyer and seller about the item, creating it if they had
 * not written yet. payments owns the offer; the note is only the conversation's record of the step (the thread asks
 * payments once for the offers between the two, with what each may do now). Sent in the name of the party who acted,
 * so the other one has it unread; the seller's when nobody acted. Applied once per event (the consumer records event
 * ids in the same transaction); like any message it has its message.sent event, so both people's open threads show
 * it at once.
 */
@Injectable()
export class OfferNotesConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly messages: MessagesRepository,
    private readonly outbox: Outbox,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({ [EVENTS.payments.offerChanged]: (event, manager) => this.addNote(event, manager) });
  }

  async addNote(event: OfferChangedEvent, manager: EntityManager): Promise<void> {
    if (event.buyerId === event.sellerId) return;
    const byBuyer = event.actor === 'buyer';
    await this.messages.insertAnnounced(
      {
        fromUserId: byBuyer ? event.buyerId : event.sellerId,
        toUserId: byBuyer ? event.sellerId : event.buyerId,
        productId: event.productId,
        content: offerNoteText(event).slice(0, MAX_CONTENT),
        kind: 'offer',
      },
      manager,
    );
    this.outbox.wakeAfterThisCommit(manager);
  }
}
