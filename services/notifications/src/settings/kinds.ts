import type { NotificationKind, NotificationSettingKind } from '@souvenir/contracts';
import type { MailKind } from '../mail/templates/registry';

/**
 * Which setting decides each mail and each bell notification: the one place where the service's own kinds meet the
 * kinds people choose from. `null`: the mail goes to an address rather than an account (a guest's order, "Find my
 * order"), so nobody's settings apply and it is always sent. Both maps are total, so a new mail or bell kind that
 * nobody mapped does not compile.
 */
export const MAIL_SETTING: Record<MailKind, NotificationSettingKind | null> = {
  receipt: 'orders',
  sale: 'orders',
  'order-update': 'orders',
  'payout-sent': 'orders',
  notification: 'orders',
  'review-reminder': 'reviews',
  'new-message': 'messages',
  'message-digest': 'messages',
  'order-links': null,
  'order-message': null,
  'password-reset': 'accountSecurity',
  'email-verification': 'accountSecurity',
  'email-change-confirm': 'accountSecurity',
  'email-changed': 'accountSecurity',
  'password-changed': 'accountSecurity',
  'two-factor-enabled': 'accountSecurity',
  'two-factor-disabled': 'accountSecurity',
  'new-device-sign-in': 'accountSecurity',
  // The person asked for it, and the link is theirs alone: it is sent whatever they chose for other mail.
  'data-export-ready': 'accountSecurity',
  // Support's decision about the person's content or account: what the account may do changed.
  'moderation-decision': 'accountSecurity',
  'price-drop': 'priceDrops',
  'offer-update': 'offers',
  'saved-search': 'savedSearches',
};

export const BELL_SETTING: Record<NotificationKind, NotificationSettingKind> = {
  sale: 'orders',
  order: 'orders',
  payout: 'orders',
  review: 'reviews',
  account: 'accountSecurity',
  priceDrop: 'priceDrops',
  // Someone may buy an item only they can buy now: about buying, as orders are.
  reservation: 'orders',
  offer: 'offers',
  savedSearchMatch: 'savedSearches',
};

/** Mail that quiet hours never hold: security notices (someone may be in the account now) and order mail. */
export const URGENT_SETTINGS: ReadonlySet<NotificationSettingKind> = new Set(['accountSecurity', 'orders']);
