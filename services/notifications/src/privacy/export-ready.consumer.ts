import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type DataExportReadyEvent } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { Delivery } from '../live/deliveries';
import { LiveEventsService } from '../live/live-events.service';
import { MailQueue } from '../mail/mail-queue';

/** The download's path; the mail puts it on the site's origin (PUBLIC_URL), the bell links to it as it is. */
export const exportPath = (exportId: string) => `/api/me/export/${exportId}`;

export function exportReadyDelivery(event: DataExportReadyEvent): Delivery[] {
  return [
    {
      userId: event.userId,
      data: { type: 'data-export.ready', exportId: event.exportId },
      notification: { kind: 'account', text: 'Your data is ready to download', link: '/account' },
    },
  ];
}

/** A person's data archive is ready: the bell, and a mail with the link (sent to their current address). */
@Injectable()
export class ExportReadyConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly live: LiveEventsService,
    private readonly mail: MailQueue,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.dataExportReady]: async (event, manager) => {
        await this.live.record(manager, exportReadyDelivery(event), event.occurredAt);
        await this.mail.add(
          manager,
          [
            {
              eventId: `data-export-ready:${event.exportId}`,
              kind: 'data-export-ready',
              to: { email: event.email, firstName: event.firstName },
              params: { linkPath: exportPath(event.exportId), expiresAt: event.expiresAt },
            },
          ],
          event.occurredAt,
        );
      },
    });
  }
}
