import { Injectable } from '@nestjs/common';
import { OPEN_OFFER_STATUSES } from '@souvenir/contracts';
import { BaseRepository } from '../database/base.repository';
import { keysetPage, type KeysetPage, type PagePosition } from '../database/keyset-page';
import { OfferEntity } from './offer.entity';

/** The offers table; writes that must see a row stay put run in the caller's transaction (`withManager`). */
@Injectable()
export class OffersRepository extends BaseRepository {
  private get offers() {
    return this.db.getRepository(OfferEntity);
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
   * Serialises one buyer's offers on one item (a transaction-scoped advisory lock), so requests at once cannot pass
   * the limit together.
   */
  async lockBuyerOnItem(buyerId: string, productId: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 42))`, [`${buyerId}:${productId}`]);
  }

  /** The buyer's offers on the item, any status (offers_product_buyer_idx). */
  ofBuyerOnItem(buyerId: string, productId: string): Promise<OfferEntity[]> {
    return this.offers.findBy({ buyerId, productId });
  }

  /** The item's offers still open, locked (offers_open_idx): a sale or a removal ends them. */
  lockOpenOfItem(productId: string): Promise<OfferEntity[]> {
    return this.offers
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.product_id = :productId', { productId })
      .andWhere('o.status IN (:...open)', { open: OPEN_OFFER_STATUSES })
      .orderBy('o.id')
      .getMany();
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
