import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import * as deliveries from './deliveries';
import * as mails from '../mail/mails';
import { MailQueue } from '../mail/mail-queue';
import { MessageMail } from '../settings/message-mail';
import { LiveEventsService } from './live-events.service';
import { UserNamesRepository } from './user-names.repository';
import { OrderItemsRepository } from './order-items.repository';
import { NotificationsConfig } from '../config/notifications.config';
import { PriceDrops } from './price-drops';
import { SavedSearchMatches } from './saved-search-matches';

/**
 * Follows what signed-in people should see at once: messaging's messages and read marks, payments' orders and
 * payouts and offers, reviews' reviews and reminders, catalog's price drops (to the item's favouriters) and
 * reservations (to the seller and the buyer; the buyer's bell), alerts' saved-search matches; identity's first names,
 * for the sentences that name someone; and each
 * order's item (from the order events), for the sentences of events that carry only the order's id. The
 * events that are mailed queue their mails in the same transaction (mail/mails.ts says which).
 */
@Injectable()
export class DomainEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly live: LiveEventsService,
    private readonly names: UserNamesRepository,
    private readonly orderItems: OrderItemsRepository,
    private readonly config: NotificationsConfig,
    private readonly mail: MailQueue,
    private readonly messageMail: MessageMail,
    private readonly priceDrops: PriceDrops,
    private readonly savedSearches: SavedSearchMatches,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start(
      {
        [EVENTS.messaging.messageSent]: async (event, manager) => {
          await this.live.record(manager, deliveries.messageSent(event), event.occurredAt);
          await this.messageMail.messageSent(manager, event);
        },
        [EVENTS.messaging.inboxChanged]: (event, manager) =>
          this.live.record(manager, deliveries.inboxChanged(event), event.occurredAt),
        [EVENTS.payments.orderPaid]: async (event, manager) => {
          await this.orderItems.save(manager, event);
          await this.live.record(manager, deliveries.orderPaid(event), event.occurredAt);
          await this.mail.add(manager, mails.orderPaid(event), event.occurredAt);
        },
        [EVENTS.payments.orderChanged]: async (event, manager) => {
          await this.orderItems.save(manager, event);
          await this.live.record(manager, deliveries.orderChanged(event), event.occurredAt);
          await this.mail.add(manager, mails.orderChanged(event), event.occurredAt);
        },
        [EVENTS.payments.payoutPaid]: async (event, manager) => {
          const item = event.productTitle ?? (await this.orderItems.find(manager, event.orderId))?.productTitle;
          await this.live.record(manager, deliveries.payoutPaid(event, item), event.occurredAt);
          await this.mail.add(manager, mails.payoutPaid(event), event.occurredAt);
        },
        [EVENTS.payments.offerChanged]: async (event, manager) => {
          const [buyer, seller] = [
            await this.names.firstName(manager, event.buyerId),
            event.origin === 'seller' ? await this.names.firstName(manager, event.sellerId) : undefined,
          ];
          const told = deliveries.offerChanged(event, buyer, seller);
          await this.live.record(manager, told, event.occurredAt);
          await this.mail.add(manager, mails.offerChanged(event, told), event.occurredAt);
        },
        [EVENTS.reviews.reviewWritten]: async (event, manager) => {
          const author = await this.names.firstName(manager, event.authorId);
          const order = await this.orderItems.find(manager, event.orderId);
          await this.live.record(
            manager,
            deliveries.reviewWritten(event, author, order?.productTitle),
            event.occurredAt,
          );
        },
        [EVENTS.reviews.reviewPublished]: async (event, manager) => {
          const subject = await this.names.firstName(manager, event.subjectId);
          const order = await this.orderItems.find(manager, event.orderId);
          await this.live.record(
            manager,
            deliveries.reviewPublished(event, subject, order?.productTitle),
            event.occurredAt,
          );
        },
        [EVENTS.reviews.reminderDue]: async (event, manager) => {
          const order = await this.orderItems.find(manager, event.orderId);
          await this.live.record(manager, deliveries.reminderDue(event, order), event.occurredAt);
          await this.mail.add(manager, mails.reminderDue(event), event.occurredAt);
        },
        [EVENTS.catalog.productUpdated]: (event, manager) => this.priceDrops.productUpdated(event, manager),
        [EVENTS.catalog.productReserved]: async (event, manager) => {
          const seller = await this.names.firstName(manager, event.sellerId);
          await this.live.record(manager, deliveries.productReserved(event, seller), event.occurredAt);
          // A saved search's mail never shows an item reserved for someone.
          await this.savedSearches.offSale(event.productId, manager);
        },
        [EVENTS.catalog.productReservationEnded]: (event, manager) =>
          this.live.record(manager, deliveries.productReservationEnded(event), event.occurredAt),
        [EVENTS.alerts.searchMatched]: (event, manager) => this.savedSearches.matched(event, manager),
        [EVENTS.catalog.productRemoved]: (event, manager) => this.savedSearches.offSale(event.productId, manager),
        [EVENTS.catalog.productSold]: (event, manager) => this.savedSearches.offSale(event.productId, manager),
        [EVENTS.identity.userRegistered]: (event, manager) => this.names.save(manager, event),
        [EVENTS.identity.userUpdated]: (event, manager) => this.names.save(manager, event),
      },
      {
        concurrency: this.config.LIVE_EVENTS_CONCURRENCY,
        // A new message's own message.sent event tells both people's tabs all that its inbox change would.
        ignore: { [EVENTS.messaging.inboxChanged]: (event) => event?.cause === 'message' },
      },
    );
  }
}
