import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type ProductListedEvent } from '@souvenir/contracts';
import { EventConsumer, Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { openAutomaticCase } from '../reports/automatic-cases';

/** Lower case, NFC, accents folded: "Ívory" matches "ivory". */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keywords found in `text` as whole words or phrases ("ivory" in "Ivory comb", not in "ivorybill"). */
export function matchKeywords(text: string, keywords: readonly string[]): string[] {
  const folded = foldText(text);
  return keywords.filter((keyword) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escape(foldText(keyword))}($|[^\\p{L}\\p{N}])`, 'u').test(folded),
  );
}

/**
 * Automatic holds: each new listing (catalog's `product.listed`) is matched against the prohibited-keywords list; one
 * that matches opens a `held` case in support's queue and `listing.held` asks catalog to take it off sale until support
 * decides. Asynchronous by design: catalog's create path calls no other service, at the cost of the listing being on
 * sale for the moment the two events take (README "Decisions and why"). Every check ends with `listing.screened`,
 * which alerts waits for before announcing a new listing to saved searches.
 */
@Injectable()
export class ListingHolds implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly outbox: Outbox,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.productListed]: (event, manager) => this.screen(event, manager),
    });
  }

  async screen(event: ProductListedEvent, manager: EntityManager): Promise<void> {
    const rows = await manager.query<{ keyword: string }[]>(`SELECT keyword FROM moderation.keywords`);
    const matched = matchKeywords(
      `${event.title}\n${event.description ?? ''}`,
      rows.map((r) => r.keyword),
    );
    // Whatever it found, in the same transaction as the hold: alerts waits for this before telling anyone.
    await this.outbox.add(manager, EVENTS.moderation.listingScreened, {
      productId: event.productId,
      held: matched.length > 0,
      occurredAt: new Date().toISOString(),
    });
    if (!matched.length) return;
    const opened = await openAutomaticCase(manager, {
      subjectType: 'product',
      subjectId: event.productId,
      snapshot: {
        ownerId: event.sellerId,
        title: event.title,
        text: event.description ?? null,
        link: `/product/${event.productId}`,
        image: event.images?.[0] ?? null,
      },
      origin: 'held',
      matched,
      reason: 'prohibited-item',
    });
    if (!opened) return;
    await this.outbox.add(manager, EVENTS.moderation.listingHeld, {
      productId: event.productId,
      sellerId: event.sellerId,
      keywords: matched,
      occurredAt: new Date().toISOString(),
    });
  }
}
