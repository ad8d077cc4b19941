import { createHash, randomBytes } from 'node:crypto';

/** What a mailed link's token lets its holder do. */
export type TokenPurpose = 'password-reset' | 'email-verification' | 'email-change' | 'email-change-undo';

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'password-reset': 60 * 60_000,
  'email-verification': 7 * 24 * 3_600_000,
  'email-change': 24 * 3_600_000,
  'email-change-undo': 7 * 24 * 3_600_000,
};

/** The page of the site each kind of link opens. */
export const TOKEN_PAGE: Record<TokenPurpose, string> = {
  'password-reset': '/reset-password',
  'email-verification': '/verify-email',
  'email-change': '/confirm-email',
  'email-change-undo': '/undo-email-change',
};

/** A new token: 256 random bits for the link, and the SHA-256 of it, which is all the database keeps. */
export function newAccountToken(): { raw: string; hash: Buffer } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: hashAccountToken(raw) };
}

/** A token is looked up by its hash: a leaked table holds no usable link. */
export function hashAccountToken(raw: string): Buffer {
  return createHash('sha256').update(raw).digest();
}

export function linkPath(purpose: TokenPurpose, raw: string): string {
  return `${TOKEN_PAGE[purpose]}?token=${raw}`;
}
