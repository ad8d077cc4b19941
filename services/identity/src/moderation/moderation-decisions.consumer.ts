import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type ModerationDecidedEvent } from '@souvenir/contracts';
import { EventConsumer, Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';

/**
 * Support's suspensions (moderation's decisions): the account can no longer sign in, and `user.suspended` tells the
 * gateway to end its sessions, in the same transaction (so no sign-in can slip in after the sessions end).
 */
@Injectable()
export class ModerationDecisionsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly outbox: Outbox,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.moderation.decided]: (event, manager) => this.apply(event, manager),
    });
  }

  async apply(event: ModerationDecidedEvent, manager: EntityManager): Promise<void> {
    if (event.action !== 'suspend') return;
    const [, count] = await manager.query<[unknown[], number]>(
      `UPDATE identity.users SET suspended_at = $2 WHERE id = $1 AND suspended_at IS NULL AND deleted_at IS NULL`,
      [event.ownerId, event.occurredAt],
    );
    if (count === 1)
      await this.outbox.add(manager, EVENTS.identity.userSuspended, {
        userId: event.ownerId,
        occurredAt: new Date().toISOString(),
      });
  }
}
