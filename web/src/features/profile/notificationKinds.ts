import type { NotificationSettingKind } from '@souvenir/contracts';

/** How each kind of notification is named on the settings page and the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationSettingKind, string> = {
  messages: 'Messages',
  orders: 'Orders and payments',
  offers: 'Offers',
  reviews: 'Reviews',
  savedSearches: 'Saved searches',
  priceDrops: 'Price drops',
  accountSecurity: 'Account security',
  marketing: 'News and tips',
};
