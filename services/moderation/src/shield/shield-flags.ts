import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type MessageFlaggedEvent } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { openAutomaticCase } from '../reports/automatic-cases';
import { excerpt } from '../reports/report-snapshots';

/**
 * Messages the contact-details shield caught (messaging's `message.flagged`) wait in support's queue as cases of their
 * own (origin `shield`), with the sender's words as written: asking to be paid outside the site is the commonest
 * scam. Nothing is hidden until support decides; the recipient already read the details masked.
 */
@Injectable()
export class ShieldFlags implements OnApplicationBootstrap {
  constructor(private readonly consumer: EventConsumer) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.messaging.messageFlagged]: (event, manager) => this.queue(event, manager),
    });
  }

  async queue(event: MessageFlaggedEvent, manager: EntityManager): Promise<void> {
    await openAutomaticCase(manager, {
      subjectType: 'message',
      subjectId: event.messageId,
      snapshot: {
        ownerId: event.fromUserId,
        title: excerpt(event.content),
        text: event.content,
        link: null,
        image: null,
      },
      origin: 'shield',
      matched: event.findings,
      reason: 'scam-or-outside-payment',
    });
  }
}
