import type {
  EmailChangedEvent,
  EmailChangeRequestedEvent,
  EmailVerificationRequestedEvent,
  NewDeviceSignInEvent,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  TwoFactorDisabledEvent,
  TwoFactorEnabledEvent,
} from '@souvenir/contracts';
import type { MailDraft } from './mail-draft';

/*
 * identity's account events, mailed. Each goes to the address in the event, not to the user's current one:
 * a reset or a verification is for the address that asked, a change confirmation for the new address, its notice for
 * the old. Event ids are made from the event's own facts, so a redelivered event names the same mail.
 */

const to = (event: { email: string; firstName: string }) => ({ email: event.email, firstName: event.firstName });
const eventId = (kind: string, event: { userId: string; occurredAt: string }) =>
  `${kind}:${event.userId}:${event.occurredAt}`;

export function passwordResetRequested(event: PasswordResetRequestedEvent): MailDraft[] {
  return [
    {
      eventId: eventId('password-reset', event),
      kind: 'password-reset',
      to: to(event),
      params: { linkPath: event.linkPath },
    },
  ];
}

export function emailVerificationRequested(event: EmailVerificationRequestedEvent): MailDraft[] {
  return [
    {
      eventId: eventId('email-verification', event),
      kind: 'email-verification',
      to: to(event),
      params: { linkPath: event.linkPath },
    },
  ];
}

export function emailChangeRequested(event: EmailChangeRequestedEvent): MailDraft[] {
  return [
    {
      eventId: eventId('email-change-confirm', event),
      kind: 'email-change-confirm',
      to: to(event),
      params: { linkPath: event.linkPath },
    },
  ];
}

export function emailChanged(event: EmailChangedEvent): MailDraft[] {
  return [
    {
      eventId: eventId('email-changed', event),
      kind: 'email-changed',
      to: to(event),
      params: { newEmail: event.newEmail, undoLinkPath: event.undoLinkPath, undoUntil: event.undoUntil },
    },
  ];
}

export function passwordChanged(event: PasswordChangedEvent): MailDraft[] {
  return [{ eventId: eventId('password-changed', event), kind: 'password-changed', to: to(event), params: {} }];
}

export function twoFactorEnabled(event: TwoFactorEnabledEvent): MailDraft[] {
  return [{ eventId: eventId('two-factor-enabled', event), kind: 'two-factor-enabled', to: to(event), params: {} }];
}

export function twoFactorDisabled(event: TwoFactorDisabledEvent): MailDraft[] {
  return [{ eventId: eventId('two-factor-disabled', event), kind: 'two-factor-disabled', to: to(event), params: {} }];
}

export function newDeviceSignIn(event: NewDeviceSignInEvent): MailDraft[] {
  return [
    {
      eventId: eventId('new-device-sign-in', event),
      kind: 'new-device-sign-in',
      to: to(event),
      params: { browser: event.browser, network: event.network, signedInAt: event.occurredAt },
    },
  ];
}
