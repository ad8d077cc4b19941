import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventPayload, EventSubject } from '@souvenir/contracts';
import { OutboxEventEntity } from './outbox-event.entity';

/** Records a domain event inside the caller's transaction (the transactional outbox). */
@Injectable()
export class Outbox {
  async add<S extends EventSubject>(manager: EntityManager, subject: S, payload: EventPayload<S>): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(OutboxEventEntity)
      .values({ id: randomUUID(), subject, payload: () => ':payload', headers: null })
      .setParameter('payload', JSON.stringify(payload))
      .execute();
  }
}
