import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type VelocityExceededEvent } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { openAutomaticCase } from '../reports/automatic-cases';

/**
 * A new account that listed (catalog) or wrote to new people (messaging) far more than usual in an hour waits in
 * support's queue as a case about the account, origin `velocity`, reason spam. Its writes are already slowed by their
 * owners; support's suspend ends the account, dismiss puts the listings the rule held back on sale (catalog). A case
 * support decided comes back when the account does it again.
 */
@Injectable()
export class VelocityCases implements OnApplicationBootstrap {
  constructor(private readonly consumer: EventConsumer) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.catalog.listingVelocityExceeded]: (event, manager) =>
        this.queue(event, `${event.count} listings within an hour`, manager),
      [EVENTS.messaging.contactVelocityExceeded]: (event, manager) =>
        this.queue(event, `messages to ${event.count} new people within an hour`, manager),
    });
  }

  async queue(event: VelocityExceededEvent, found: string, manager: EntityManager): Promise<void> {
    await openAutomaticCase(manager, {
      subjectType: 'user',
      subjectId: event.userId,
      snapshot: { ownerId: event.userId, title: event.name, text: null, link: `/profile/${event.userId}`, image: null },
      origin: 'velocity',
      matched: [found],
      reason: 'spam',
      reopenDecided: true,
    });
  }
}
