import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@souvenir/platform';
import type { MessagingConfig } from './config/messaging.config';
import { MESSAGING_MIGRATIONS } from './database/migrations';
import { MessageEntity } from './messages/message.entity';
import { MessagesController } from './messages/messages.controller';
import { MessagesRepository } from './messages/messages.repository';
import { MessagesService } from './messages/messages.service';
import { ContactVelocity } from './messages/contact-velocity';
import { OfferNotesConsumer } from './messages/offer-notes';
import { OrderNotesConsumer } from './messages/order-notes';
import { ProductSummariesRepository } from './read-models/product-summaries.repository';
import { ProductSummaryEntity } from './read-models/product-summary.entity';
import { EraseAccountConsumer } from './privacy/erase-account.consumer';
import { MessageModeration, MessageModerationController } from './moderation/message-moderation';
import { ReadModelEventsConsumer } from './read-models/read-model-events.consumer';
import { ReadModelsService } from './read-models/read-models.service';
import { UserSummariesRepository } from './read-models/user-summaries.repository';
import { UserSummaryEntity } from './read-models/user-summary.entity';
import { ExportUserDataController } from './privacy/export-user-data.controller';
import { CompletedPairs } from './shield/completed-pairs';
import { FlaggedMessages, FlaggedMessagesController } from './shield/flagged-messages';
import { AwayReplies } from './messages/away-replies';
import { AwayUsersRepository } from './read-models/away-users.repository';

export const SERVICE_NAME = 'messaging';

const ENTITIES = [MessageEntity, UserSummaryEntity, ProductSummaryEntity];

@Module({})
export class AppModule {
  static register(config: MessagingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: SERVICE_NAME, config, entities: ENTITIES, migrations: MESSAGING_MIGRATIONS }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      controllers: [
        MessagesController,
        ExportUserDataController,
        MessageModerationController,
        FlaggedMessagesController,
      ],
      providers: [
        MessagesService,
        ContactVelocity,
        MessagesRepository,
        ReadModelsService,
        UserSummariesRepository,
        ProductSummariesRepository,
        ReadModelEventsConsumer,
        MessageModeration,
        EraseAccountConsumer,
        OrderNotesConsumer,
        OfferNotesConsumer,
        CompletedPairs,
        FlaggedMessages,
        AwayUsersRepository,
        AwayReplies,
      ],
    };
  }
}
