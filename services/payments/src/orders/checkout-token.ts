import { createHash, randomBytes } from 'node:crypto';

/**
 * A guest's checkout token: answered once to their browser, then the only key to their open checkout and, once paid,
 * their private order link. Only its sha-256 is stored (`orders.checkout_token_hash`).
 */
export const newCheckoutToken = () => randomBytes(24).toString('base64url');
export const hashCheckoutToken = (token: string) => createHash('sha256').update(token).digest('hex');
