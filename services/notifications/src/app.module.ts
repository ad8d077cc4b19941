import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@souvenir/platform';
import type { NotificationsConfig } from './config/notifications.config';
import { NOTIFICATIONS_MIGRATIONS } from './database/migrations';
import { DomainEventsConsumer } from './live/domain-events.consumer';
import { PriceDrops } from './live/price-drops';
import { SavedSearchMatches } from './live/saved-search-matches';
import { OrderMessagesConsumer } from './order-messages/order-messages.consumer';
import { EventLogRepository } from './live/event-log.repository';
import { LiveEventsService } from './live/live-events.service';
import { PushAfterCommit } from './live/push-after-commit';
import { UserNamesRepository } from './live/user-names.repository';
import { OrderItemsRepository } from './live/order-items.repository';
import { AccountEventsConsumer } from './mail/account-events.consumer';
import { EraseAccountConsumer } from './privacy/erase-account.consumer';
import { ExportReadyConsumer } from './privacy/export-ready.consumer';
import { ModerationDecisionConsumer } from './moderation/moderation-decision.consumer';
import { MailOutboxRepository } from './mail/mail-outbox.repository';
import { GuestOrdersController } from './mail/guest-orders.controller';
import { MailQueue } from './mail/mail-queue';
import { MailSender } from './mail/mail-sender';
import { NotificationsController } from './notifications/notifications.controller';
import { NotificationsRepository } from './notifications/notifications.repository';
import { NotificationsService } from './notifications/notifications.service';
import { JobQueue } from './jobs/job-queue';
import { HeldMail } from './settings/held-mail';
import { MessageMail } from './settings/message-mail';
import { NotificationSettingsController } from './settings/notification-settings.controller';
import { NotificationSettingsRepository } from './settings/notification-settings.repository';
import { NotificationSettingsService } from './settings/notification-settings.service';
import { ExportUserDataController } from './privacy/export-user-data.controller';

export const SERVICE_NAME = 'notifications';

@Module({})
export class AppModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({
          name: SERVICE_NAME,
          config,
          entities: [],
          migrations: NOTIFICATIONS_MIGRATIONS,
        }),
      ],
      controllers: [
        NotificationsController,
        GuestOrdersController,
        NotificationSettingsController,
        ExportUserDataController,
      ],
      providers: [
        LiveEventsService,
        EventLogRepository,
        PushAfterCommit,
        NotificationsService,
        NotificationsRepository,
        DomainEventsConsumer,
        PriceDrops,
        SavedSearchMatches,
        OrderMessagesConsumer,
        UserNamesRepository,
        OrderItemsRepository,
        MailOutboxRepository,
        MailQueue,
        MailSender,
        AccountEventsConsumer,
        EraseAccountConsumer,
        JobQueue,
        HeldMail,
        MessageMail,
        NotificationSettingsRepository,
        NotificationSettingsService,
        ExportReadyConsumer,
        ModerationDecisionConsumer,
      ],
    };
  }
}
