import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type ModerationDecidedEvent } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { Delivery } from '../live/deliveries';
import { LiveEventsService } from '../live/live-events.service';
import { MailQueue } from '../mail/mail-queue';

const WHAT: Record<ModerationDecidedEvent['subjectType'], string> = {
  product: 'your listing',
  message: 'your message',
  review: 'your review',
  user: 'your profile',
};

/** The page where the person reads the decision and may appeal it once. */
export const appealPath = (reportId: string) => `/appeals/${reportId}`;

/** The sentence the bell and the mail say, without support's reason. */
export function decisionSentence(event: ModerationDecidedEvent): string {
  return event.action === 'suspend'
    ? 'Support suspended your account'
    : `Support hid ${WHAT[event.subjectType]} after a report`;
}

export function moderationDelivery(event: ModerationDecidedEvent): Delivery[] {
  return [
    {
      userId: event.ownerId,
      data: { type: 'moderation.decided', reportId: event.reportId, action: event.action },
      notification: {
        kind: 'account',
        text: `${decisionSentence(event)}: ${event.reason}`,
        link: appealPath(event.reportId),
      },
    },
  ];
}

/**
 * Support's decisions (moderation): the reported person is told what was decided and support's reason, in the bell and
 * by mail (their account-security setting), with the page where they may appeal once. A dismissed report tells
 * nobody: the person was never told they were reported.
 */
@Injectable()
export class ModerationDecisionConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly live: LiveEventsService,
    private readonly mail: MailQueue,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.moderation.decided]: async (event, manager) => {
        if (event.action === 'dismiss') return;
        await this.live.record(manager, moderationDelivery(event), event.occurredAt);
        await this.mail.add(
          manager,
          [
            {
              eventId: `moderation-decision:${event.decisionId}`,
              kind: 'moderation-decision',
              to: { userId: event.ownerId },
              params: {
                sentence: decisionSentence(event),
                reason: event.reason,
                appealPath: appealPath(event.reportId),
                suspended: event.action === 'suspend',
              },
            },
          ],
          event.occurredAt,
        );
      },
    });
  }
}
