import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../database/base.repository';
import { ProcessedProviderEventEntity } from './processed-provider-event.entity';

/** A provider webhook delivery, applied at most once. */
export interface ProviderEventRecord {
  provider: string;
  id: string;
  type: string;
}

/** The provider events already applied; recorded in the transaction that applies one, so a redelivery changes nothing. */
@Injectable()
export class ProviderEventsRepository extends BaseRepository {
  /** Records a delivery; false when it was already recorded (applied). */
  async recordOnce(event: ProviderEventRecord): Promise<boolean> {
    const inserted = await this.db
      .createQueryBuilder()
      .insert()
      .into(ProcessedProviderEventEntity)
      .values({ provider: event.provider, eventId: event.id, type: event.type })
      .orIgnore()
      .returning(['eventId'])
      .execute();
    return inserted.raw.length > 0;
  }
}
