import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENTS,
  formatAwayDate,
  OFFER_DEFAULTS,
  OFFER_MESSAGES,
  OPEN_OFFER_STATUSES,
  RPC,
  type OfferToFavouritesReply,
  type OfferToFavouritesRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox, RpcClient } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { OfferJobs } from './offer-jobs';
import { toOfferChangedEvent } from './offer.mapper';
import { OfferEntity } from './offer.entity';
import { centsOf, checkAmount } from './offer-amounts';
import { OffersRepository } from './offers.repository';

const CURRENCY = 'usd';
const MS_PER_HOUR = 3_600_000;
/** favourites' page of favouriters (its most), and identity's batch of names (its most). */
const FAVOURITERS_PAGE = 1000;
const NAMES_BATCH = 100;
/** The most people one round reaches (a bound on one transaction's writes). */
const MAX_RECIPIENTS = 2000;

/**
 * The seller's offer to everyone who favourited an item: one amount, the same bounds as a buyer's offer, 48 hours to
 * answer. Each favouriter gets an offer of their own from the seller, waiting for them (`countered`, origin
 * `seller`): they accept it (and pay within 24 hours) or decline it, as a counter-offer. favourites is asked for the
 * favouriters a page at a time and identity for their names a batch at a time, all before the transaction; blocks are
 * payments' own read model, read for the whole list in one query. One round per item per OFFER_DEFAULTS
 * .favouritesEveryHours (a row in offer_rounds, checked again under the item's advisory lock, so two rounds sent at
 * once give one 201 and one 409).
 */
@Injectable()
export class FavouriteOffers {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly offers: OffersRepository,
    private readonly offerJobs: OfferJobs,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    private readonly config: PaymentsConfig,
  ) {}

  async send(request: OfferToFavouritesRequest): Promise<OfferToFavouritesReply> {
    const product = await this.rpc.send(RPC.catalog.getProduct, {
      productId: request.productId,
      removedAsConflict: true,
      viewerId: request.actorId,
    });
    if (product.seller.id !== request.actorId) throw DomainError.forbidden(OFFER_MESSAGES.favouritesSellerOnly);
    if (product.status !== 'active') throw DomainError.conflict(OFFER_MESSAGES.notAvailable);
    if (product.seller.awayUntil)
      throw DomainError.conflict(OFFER_MESSAGES.favouritesAway(formatAwayDate(product.seller.awayUntil)));
    if (product.reservedUntil && new Date(product.reservedUntil) > new Date())
      throw DomainError.conflict(OFFER_MESSAGES.favouritesReserved);
    const priceCents = centsOf(product.price);
    const amountCents = centsOf(request.amount);
    checkAmount(amountCents, priceCents, 'offer');
    // Refused before asking anyone else: the common case of a second press.
    await this.refuseTooSoon(this.dataSource, product.id);

    const favouriters = await this.favouritersOf(product.id);
    const blocked = await this.blockedAmong(request.actorId, favouriters);
    const candidates = favouriters.filter((id) => id !== request.actorId && !blocked.has(id));
    const names = await this.namesOf(candidates);
    const seller = {
      sellerId: product.seller.id,
      sellerFirstName: product.seller.firstName,
      sellerLastName: product.seller.lastName,
    };

    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 42))`, [`favourites:${product.id}`]);
      await this.refuseTooSoon(manager, product.id);
      const people = candidates.filter((id) => names.has(id));
      const offers = this.offers.withManager(manager);
      // Someone with an offer open that includes the item (alone or in a bundle) keeps that one and gets none from this
      // round. Their per-buyer locks are
      // not taken (thousands of advisory locks would crowd the lock table): a buyer offering at this very moment may end
      // up with both offers open, each one valid on its own.
      const busy = new Set(
        (
          (await manager.query(
            `SELECT DISTINCT buyer_id FROM payments.offers
              WHERE (product_id = $1 OR id IN (SELECT offer_id FROM payments.offer_items WHERE product_id = $1))
                AND buyer_id = ANY($2::uuid[]) AND status = ANY($3::text[])`,
            [product.id, people, [...OPEN_OFFER_STATUSES]],
          )) as { buyer_id: string }[]
        ).map((row) => row.buyer_id),
      );
      const expiresAt = new Date(Date.now() + Math.round(this.config.OFFER_TTL_HOURS * MS_PER_HOUR));
      let sent = 0;
      for (const buyerId of people) {
        if (busy.has(buyerId)) continue;
        const name = names.get(buyerId)!;
        const offer = await offers.save(
          offers.create({
            productId: product.id,
            productTitle: product.title,
            productImage: product.images[0] ?? null,
            listPriceCents: priceCents,
            ...seller,
            buyerId,
            buyerFirstName: name.firstName,
            buyerLastName: name.lastName,
            offeredCents: amountCents,
            amountCents,
            currency: CURRENCY,
            status: 'countered',
            origin: 'seller',
            expiresAt,
          } satisfies Partial<OfferEntity>),
        );
        await this.offerJobs.scheduleExpiry(manager, offer.id, offer.expiresAt);
        await this.outbox.add(manager, EVENTS.payments.offerChanged, toOfferChangedEvent(offer, 'seller'));
        sent++;
      }
      // A round that reached nobody is not one: the seller may send again once someone favourites the item.
      if (sent)
        await manager.query(
          `INSERT INTO payments.offer_rounds (product_id, seller_id, amount_cents, sent) VALUES ($1, $2, $3, $4)`,
          [product.id, request.actorId, amountCents, sent],
        );
      return { sent };
    });
  }

  /** The item's last round was less than OFFER_DEFAULTS.favouritesEveryHours ago: 409 naming when the next may go. */
  private async refuseTooSoon(db: Pick<DataSource, 'query'>, productId: string): Promise<void> {
    const [last] = (await db.query(
      `SELECT created_at FROM payments.offer_rounds WHERE product_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [productId],
    )) as { created_at: Date }[];
    if (!last) return;
    const next = new Date(new Date(last.created_at).getTime() + OFFER_DEFAULTS.favouritesEveryHours * MS_PER_HOUR);
    if (next <= new Date()) return;
    const at = next.toLocaleString('en-GB', {
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    throw DomainError.conflict(OFFER_MESSAGES.favouritesTooSoon(`${at} UTC`));
  }

  /** Everyone who favourited the item, from favourites a page at a time (in id order, at most MAX_RECIPIENTS). */
  private async favouritersOf(productId: string): Promise<string[]> {
    const all: string[] = [];
    let after: string | undefined;
    while (all.length < MAX_RECIPIENTS) {
      const page = await this.rpc.send(RPC.favourites.listFavouriters, {
        productId,
        limit: FAVOURITERS_PAGE,
        ...(after ? { after } : {}),
      });
      all.push(...page);
      if (page.length < FAVOURITERS_PAGE) break;
      after = page[page.length - 1];
    }
    return all.slice(0, MAX_RECIPIENTS);
  }

  /** Those of `people` a block stands between with the seller, either way: one query of payments' blocks. */
  private async blockedAmong(sellerId: string, people: string[]): Promise<Set<string>> {
    if (!people.length) return new Set();
    const rows = (await this.dataSource.query(
      `SELECT CASE WHEN blocker_id = $1 THEN blocked_id ELSE blocker_id END AS other_id FROM payments.blocks
        WHERE blocked AND ((blocker_id = $1 AND blocked_id = ANY($2::uuid[]))
                        OR (blocked_id = $1 AND blocker_id = ANY($2::uuid[])))`,
      [sellerId, people],
    )) as { other_id: string }[];
    return new Set(rows.map((row) => row.other_id));
  }

  /** The names an offer keeps, from identity in batches; a deleted account is absent and gets no offer. */
  private async namesOf(people: string[]): Promise<Map<string, { firstName: string; lastName: string }>> {
    const names = new Map<string, { firstName: string; lastName: string }>();
    for (let i = 0; i < people.length; i += NAMES_BATCH) {
      const users = await this.rpc.send(RPC.identity.getUsersByIds, { userIds: people.slice(i, i + NAMES_BATCH) });
      for (const user of users) names.set(user.id, { firstName: user.firstName, lastName: user.lastName });
    }
    return names;
  }
}
