import { Injectable } from '@nestjs/common';
import { RPC, type ProductUpdatedEvent } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { MailQueue } from '../mail/mail-queue';
import type { MailDraft } from '../mail/mail-draft';
import type { Delivery } from './deliveries';
import { LiveEventsService } from './live-events.service';

/** Favouriters asked of favourites per page (keyset by user id). */
const FAVOURITERS_PAGE = 500;

/**
 * A price drop (catalog's updated event with the price before it) tells everyone who favourited the item: the bell
 * and e-mail as each person's `priceDrops` setting says (LiveEventsService and MailQueue apply it). At most once per
 * item and UTC day: the first drop of the day claims the (product, day) row in the consumer's transaction; a later
 * drop the same day, or the same event redelivered, finds the row and tells nobody. A failure rolls the claim back
 * with everything else, and the redelivery tries again.
 */
@Injectable()
export class PriceDrops {
  constructor(
    private readonly rpc: RpcClient,
    private readonly live: LiveEventsService,
    private readonly mail: MailQueue,
  ) {}

  async productUpdated(event: ProductUpdatedEvent, manager: EntityManager): Promise<void> {
    const previousPrice = event.previousPrice;
    if (!previousPrice || !(Number(event.price) < Number(previousPrice))) return;
    const claimed: unknown[] = await manager.query(
      `INSERT INTO notifications.price_drop_notices (product_id, day) VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date)
       ON CONFLICT DO NOTHING RETURNING product_id`,
      [event.productId, event.occurredAt],
    );
    if (!claimed.length) return;
    const day = event.occurredAt.slice(0, 10);
    let after: string | undefined;
    for (;;) {
      const page = await this.rpc.send(RPC.favourites.listFavouriters, {
        productId: event.productId,
        limit: FAVOURITERS_PAGE,
        ...(after ? { after } : {}),
      });
      const userIds = page.filter((id) => id !== event.sellerId);
      await this.live.record(manager, deliveriesOf(event, previousPrice, userIds), event.occurredAt);
      await this.mail.add(manager, mailsOf(event, previousPrice, userIds, day), event.occurredAt);
      if (page.length < FAVOURITERS_PAGE) return;
      after = page[page.length - 1];
    }
  }
}

function deliveriesOf(event: ProductUpdatedEvent, previousPrice: string, userIds: string[]): Delivery[] {
  return userIds.map((userId) => ({
    userId,
    data: { type: 'price.dropped', productId: event.productId, price: event.price, previousPrice },
    notification: {
      kind: 'priceDrop',
      text: `${event.title}, which you favourited, is now $${event.price} (was $${previousPrice})`,
      link: `/product/${event.productId}`,
    },
  }));
}

function mailsOf(event: ProductUpdatedEvent, previousPrice: string, userIds: string[], day: string): MailDraft[] {
  return userIds.map((userId) => ({
    eventId: `price-drop:${event.productId}:${day}`,
    kind: 'price-drop' as const,
    to: { userId },
    params: { productId: event.productId, title: event.title, price: event.price, previousPrice },
  }));
}
