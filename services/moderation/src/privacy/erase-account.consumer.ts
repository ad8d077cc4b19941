import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DELETED_USER_NAME, EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';

/**
 * moderation's part of an account deletion: the details they wrote in their reports and appeals are erased, and the
 * copies of their content kept with reports about them lose its words and photo. The reports and decisions stay
 * (who reported what, and what support decided, without the person's words).
 */
@Injectable()
export class EraseAccountConsumer implements OnApplicationBootstrap {
  constructor(private readonly consumer: EventConsumer) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userDeleted]: (event, manager) => this.erase(event.userId, manager),
    });
  }

  async erase(userId: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE moderation.reports SET details = NULL WHERE reporter_id = $1 AND details IS NOT NULL`, [
      userId,
    ]);
    await manager.query(
      `UPDATE moderation.decisions d SET appeal_message = NULL FROM moderation.cases c
       WHERE d.case_id = c.id AND c.owner_id = $1 AND d.appeal_message IS NOT NULL`,
      [userId],
    );
    await manager.query(
      `UPDATE moderation.cases SET snapshot = jsonb_build_object('ownerId', owner_id, 'title', $2::text,
         'text', NULL, 'link', NULL, 'image', NULL)
       WHERE owner_id = $1`,
      [userId, DELETED_USER_NAME],
    );
  }
}
