import { Injectable } from '@nestjs/common';
import { OPEN_OFFER_STATUSES } from '@souvenir/contracts';
import { In } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { keysetPage, type KeysetPage, type PagePosition } from '../database/keyset-page';
import { OfferEntity } from './offer.entity';
import { OfferItemEntity } from './offer-item.entity';

export type NewOfferItem = Pick<OfferItemEntity, 'productId' | 'title' | 'image' | 'priceCents'>;

/** Offers that hold one of `:ids`: their lead item (offers_product_buyer_idx, offers_open_idx) or one of a bundle's. */
const INCLUDES_ANY = `(o.product_id IN (:...ids) OR o.id IN (
  SELECT i.offer_id FROM payments.offer_items i WHERE i.product_id IN (:...ids)))`;

/**
 * The offers table and its bundle offers' items (`offer_items`); writes that must see a row stay put run in the
 * caller's transaction (`withManager`).
 */
@Injectable()
export class OffersRepository extends BaseRepository {
  private get offers() {
    return this.db.getRepository(OfferEntity);
  }

  private get items() {
    return this.db.getRepository(OfferItemEntity);
  }

  /** A bundle offer's items, in the order offered (written with the offer). */
  async insertItems(offerId: string, items: NewOfferItem[]): Promise<OfferItemEntity[]> {
    return this.items.save(items.map((item, position) => this.items.create({ ...item, offerId, position })));
  }

  /** The items of bundle offers, by offer id, in the order offered (an offer on one item maps to none). */
  async itemsOf(offers: OfferEntity[]): Promise<Map<string, OfferItemEntity[]>> {
    const byOffer = new Map<string, OfferItemEntity[]>();
    const ids = offers.filter((o) => o.itemCount > 1).map((o) => o.id);
    if (!ids.length) return byOffer;
    const rows = await this.items.find({
      where: { offerId: In([...new Set(ids)]) },
      order: { offerId: 'ASC', position: 'ASC' },
    });
    for (const row of rows) byOffer.set(row.offerId, [...(byOffer.get(row.offerId) ?? []), row]);
    return byOffer;
  }

  create(fields: Partial<OfferEntity>): OfferEntity {
    return this.offers.create(fields);
  }

  save(offer: OfferEntity): Promise<OfferEntity> {
    return this.offers.save(offer);
  }

  findById(id: string): Promise<OfferEntity | null> {
    return this.offers.findOneBy({ id });
  }

  /** The row, locked until the transaction ends: two answers to one offer at once are taken one after the other. */
  lockById(id: string): Promise<OfferEntity | null> {
    return this.offers.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Serialises one buyer's offers on each of these items (transaction-scoped advisory locks, taken in id order so two
   * bundle offers sharing items wait for each other instead of deadlocking), so requests at once cannot pass the limit
   * together.
   */
  async lockBuyerOnItems(buyerId: string, productIds: string[]): Promise<void> {
    for (const productId of [...new Set(productIds)].sort())
      await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 42))`, [`${buyerId}:${productId}`]);
  }

  /** The buyer's offers, any status, that include any of these items (offers_product_buyer_idx, offer_items_product_idx). */
  ofBuyerOnItems(buyerId: string, productIds: string[]): Promise<OfferEntity[]> {
    return this.offers
      .createQueryBuilder('o')
      .where('o.buyer_id = :buyerId', { buyerId })
      .andWhere(INCLUDES_ANY, { ids: productIds })
      .getMany();
  }

  /**
   * The offers still open that include any of these items, single or bundle, locked in id order (offers_open_idx,
   * offer_items_product_idx): a sale, a removal or a reservation ends them.
   */
  lockOpenIncluding(productIds: string[]): Promise<OfferEntity[]> {
    return this.offers
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.status IN (:...open)', { open: OPEN_OFFER_STATUSES })
      .andWhere(INCLUDES_ANY, { ids: productIds })
      .orderBy('o.id')
      .getMany();
  }

  /** The open offers a person made or received, locked in id order (offers_buyer_idx, offers_seller_idx). */
  lockOpenOfPerson(userId: string): Promise<OfferEntity[]> {
    return this.offers
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.status IN (:...open)', { open: OPEN_OFFER_STATUSES })
      .andWhere('(o.buyer_id = :userId OR o.seller_id = :userId)', { userId })
      .orderBy('o.id')
      .getMany();
  }

  /** The names copied onto a deleted person's offers become "Deleted user", on whichever side they took part. */
  async eraseNamesOf(userId: string): Promise<void> {
    await this.db.query(
      `UPDATE payments.offers SET buyer_first_name = 'Deleted', buyer_last_name = 'user'
        WHERE buyer_id = $1 AND (buyer_first_name, buyer_last_name) IS DISTINCT FROM ('Deleted', 'user')`,
      [userId],
    );
    await this.db.query(
      `UPDATE payments.offers SET seller_first_name = 'Deleted', seller_last_name = 'user'
        WHERE seller_id = $1 AND (seller_first_name, seller_last_name) IS DISTINCT FROM ('Deleted', 'user')`,
      [userId],
    );
  }

  /**
   * One page of the offers a person made or received, newest first (offers_buyer_idx / offers_seller_idx); or of
   * those between two people on one item, either of them the buyer (offers_product_buyer_idx: a handful of rows).
   */
  page(
    party: { buyerId: string } | { sellerId: string } | { productId: string; between: readonly [string, string] },
    after: PagePosition | null,
    size: number,
  ): Promise<KeysetPage<OfferEntity>> {
    const query = this.offers.createQueryBuilder('o');
    if ('between' in party)
      query
        .where('o.product_id = :productId', { productId: party.productId })
        .andWhere('((o.buyer_id = :one AND o.seller_id = :other) OR (o.buyer_id = :other AND o.seller_id = :one))', {
          one: party.between[0],
          other: party.between[1],
        });
    else
      query.where('buyerId' in party ? 'o.buyer_id = :actorId' : 'o.seller_id = :actorId', {
        actorId: 'buyerId' in party ? party.buyerId : party.sellerId,
      });
    return keysetPage(query, { at: 'o.created_at', id: 'o.id', direction: 'DESC' }, after, size);
  }
}
