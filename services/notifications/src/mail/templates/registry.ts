import type { MailTemplate } from './define-mail';
import { emailChangeConfirm } from './kinds/email-change-confirm';
import { emailChanged } from './kinds/email-changed';
import { emailVerification } from './kinds/email-verification';
import { passwordChanged } from './kinds/password-changed';
import { passwordReset } from './kinds/password-reset';
import { notification } from './kinds/notification';
import { orderLinks } from './kinds/order-links';
import { orderMessage } from './kinds/order-message';
import { newMessage } from './kinds/new-message';
import { messageDigest } from './kinds/message-digest';
import { orderUpdate } from './kinds/order-update';
import { payoutSent } from './kinds/payout-sent';
import { receipt } from './kinds/receipt';
import { reviewReminder } from './kinds/review-reminder';
import { sale } from './kinds/sale';
import { newDeviceSignIn } from './kinds/new-device-sign-in';
import { twoFactorDisabled } from './kinds/two-factor-disabled';
import { twoFactorEnabled } from './kinds/two-factor-enabled';
import { dataExportReady } from './kinds/data-export-ready';
import { moderationDecision } from './kinds/moderation-decision';
import { priceDrop } from './kinds/price-drop';
import { offerUpdate } from './kinds/offer-update';
import { savedSearch } from './kinds/saved-search';

/**
 * Every kind of mail, in one place. Adding one: a file in `kinds/` with `defineMail({ kind, transactional,
 * compose })`, and its line here (the key is the
 * template's `kind`; `templates.spec.ts` checks). The outbox stores the kind's name and its parameters; the sender renders with the
 * template named here.
 */
export const MAIL_TEMPLATES = {
  receipt,
  sale,
  'order-update': orderUpdate,
  'payout-sent': payoutSent,
  'review-reminder': reviewReminder,
  'order-links': orderLinks,
  'order-message': orderMessage,
  'new-message': newMessage,
  'message-digest': messageDigest,
  notification,
  // The account: security mails, always sent.
  'password-reset': passwordReset,
  'email-verification': emailVerification,
  'email-change-confirm': emailChangeConfirm,
  'email-changed': emailChanged,
  'password-changed': passwordChanged,
  'two-factor-enabled': twoFactorEnabled,
  'two-factor-disabled': twoFactorDisabled,
  'new-device-sign-in': newDeviceSignIn,
  'data-export-ready': dataExportReady,
  'moderation-decision': moderationDecision,
  // Favourites: an item someone favourited is cheaper.
  'price-drop': priceDrop,
  // Offers: made, answered, expired or ended, to the party who did not act.
  'offer-update': offerUpdate,
  // Saved searches: what matched one, at most once a day per search.
  'saved-search': savedSearch,
} satisfies Record<string, MailTemplate<never>>;

export type MailKind = keyof typeof MAIL_TEMPLATES;

/** The parameters a kind's template takes, for type-checked enqueueing. */
export type MailParams<K extends MailKind> = (typeof MAIL_TEMPLATES)[K] extends MailTemplate<infer P> ? P : never;

export function mailTemplate(kind: string): MailTemplate<unknown> | undefined {
  return (MAIL_TEMPLATES as Record<string, MailTemplate<unknown>>)[kind];
}
