import { OfferNotifications1738800000000 } from './1738800000000-offer-notifications';
import { outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreateNotifications1736000000000 } from './1736000000000-create-notifications';
import { MailOutbox1736100000000 } from './1736100000000-mail-outbox';
import { ReviewNotifications1736200000000 } from './1736200000000-review-notifications';
import { MailByAddress1737000000000 } from './1737000000000-mail-by-address';
import { OrderItems1737100000000 } from './1737100000000-order-items';
import { NotificationSettings1738300000000 } from './1738300000000-notification-settings';
import { DigestItemsBySender1738310000000 } from './1738310000000-digest-items-by-sender';
import { AccountNotifications1738100000000 } from './1738100000000-account-notifications';
import { PriceDrops1738400000000 } from './1738400000000-price-drops';
import { ReservationNotices1738700000000 } from './1738700000000-reservation-notices';
import { SavedSearchMatches1738900000000 } from './1738900000000-saved-search-matches';

/** Every migration of the notifications schema, in order. Never edit one that has landed; add a new one. */
export const NOTIFICATIONS_MIGRATIONS = [
  CreateNotifications1736000000000,
  MailOutbox1736100000000,
  ReviewNotifications1736200000000,
  outboxClaimsMigration('notifications'),
  MailByAddress1737000000000,
  OrderItems1737100000000,
  NotificationSettings1738300000000,
  outboxRetriesMigration('notifications'),
  DigestItemsBySender1738310000000,
  AccountNotifications1738100000000,
  PriceDrops1738400000000,
  ReservationNotices1738700000000,
  OfferNotifications1738800000000,
  SavedSearchMatches1738900000000,
];
