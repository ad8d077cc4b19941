import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../database/base.repository';
import { OrderHistoryEntity } from './order-history.entity';

/** Each order's history: one row per transition, appended in the transition's transaction, never changed. */
@Injectable()
export class OrderHistoryRepository extends BaseRepository {
  async append(entry: Pick<OrderHistoryEntity, 'orderId' | 'actor' | 'from' | 'to' | 'reason'>): Promise<void> {
    await this.db.insert(OrderHistoryEntity, entry);
  }

  /** An order's history, oldest first. */
  findByOrderId(orderId: string): Promise<OrderHistoryEntity[]> {
    return this.db.getRepository(OrderHistoryEntity).find({ where: { orderId }, order: { id: 'ASC' } });
  }
}
