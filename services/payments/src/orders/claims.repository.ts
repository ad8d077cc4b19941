import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../database/base.repository';
import { keysetPage, type KeysetPage, type PagePosition } from '../database/keyset-page';
import { ClaimEntity } from './claim.entity';

/** The buyers' claims (one per order at most). */
@Injectable()
export class ClaimsRepository extends BaseRepository {
  private get claims() {
    return this.db.getRepository(ClaimEntity);
  }

  create(fields: Partial<ClaimEntity>): ClaimEntity {
    return this.claims.create(fields);
  }

  save(claim: ClaimEntity): Promise<ClaimEntity> {
    return this.claims.save(claim);
  }

  findById(id: string): Promise<ClaimEntity | null> {
    return this.claims.findOneBy({ id });
  }

  findByOrderId(orderId: string): Promise<ClaimEntity | null> {
    return this.claims.findOneBy({ orderId });
  }

  existsForOrder(orderId: string): Promise<boolean> {
    return this.claims.existsBy({ orderId });
  }

  /** The claims of these orders, by order id. */
  async byOrderIds(orderIds: string[]): Promise<Map<string, ClaimEntity>> {
    if (!orderIds.length) return new Map();
    const claims = await this.claims
      .createQueryBuilder('c')
      .where('c.order_id IN (:...orderIds)', { orderIds })
      .getMany();
    return new Map(claims.map((c) => [c.orderId, c]));
  }

  /** How many claims support has not decided yet (by claims_unresolved_idx). */
  countUndecided(): Promise<number> {
    return this.claims.createQueryBuilder('c').where(`c.status <> 'resolved'`).getCount();
  }

  /** One page of the claims support has not decided yet, oldest first. */
  findUndecidedPage(after: PagePosition | null, size: number): Promise<KeysetPage<ClaimEntity>> {
    const query = this.claims.createQueryBuilder('c').where(`c.status <> 'resolved'`);
    return keysetPage(query, { at: 'c.opened_at', id: 'c.id', direction: 'ASC' }, after, size);
  }
}
