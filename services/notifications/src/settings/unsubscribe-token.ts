import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_SETTING_KINDS, type NotificationSettingKind } from '@souvenir/contracts';

/**
 * The token of a mail's one-click unsubscribe link: `<user id and kind>.<HMAC-SHA256 of them>`, base64url. It needs
 * no sign-in and no stored row: whoever holds the mail may turn that one kind of mail off, and nothing more. Changing
 * UNSUBSCRIBE_SECRET makes the links of mails already sent unusable (they still lead to the settings page).
 */
export function signUnsubscribeToken(secret: string, userId: string, kind: NotificationSettingKind): string {
  const payload = Buffer.from(`${userId}:${kind}`).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The user and kind a token names, or null when it was not signed with this secret or names no known kind. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationSettingKind } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  if (!(NOTIFICATION_SETTING_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { userId, kind: kind as NotificationSettingKind };
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
