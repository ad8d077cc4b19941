import { createHmac, timingSafeEqual } from 'node:crypto';
import { mediaSizes } from '@souvenir/contracts';

/**
 * Short-lived signed URLs of evidence photos: receipts and customs declarations of listings, and claim
 * photos. Media refuses those files without a valid signature, so only someone handed a signed URL by an answer that
 * checked their entitlement (the gateway signs on the way out) can open one, and only for these minutes.
 */
export const EVIDENCE_URL_TTL_SECONDS = 10 * 60;

/** The signing key: derived from SESSION_SECRET, which the gateway (signs) and media (verifies) already share. */
function signingKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('souvenir evidence urls v1').digest();
}

function signature(sessionSecret: string, hash: string, expires: number): string {
  return createHmac('sha256', signingKey(sessionSecret)).update(`${hash}.${expires}`).digest('base64url');
}

/**
 * A photo's URL as its entitled viewer gets it: an uploaded photo's URL with `expires` (Unix seconds) and `signature`
 * added, good for every size of it. A pasted URL (not ours) is answered as it is: we cannot guard it.
 */
export function signEvidenceUrl(url: string, sessionSecret: string, now = Date.now()): string {
  const sizes = mediaSizes(url);
  if (!sizes) return url;
  const expires = Math.floor(now / 1000) + EVIDENCE_URL_TTL_SECONDS;
  return `${url}?expires=${expires}&signature=${signature(sessionSecret, sizes.hash, expires)}`;
}

/** Whether `expires` and `signature` (a request's query values) open the photo `hash` now. */
export function isEvidenceSignatureValid(
  hash: string,
  expires: unknown,
  given: unknown,
  sessionSecret: string,
  now = Date.now(),
): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof given !== 'string') return false;
  const seconds = Number(expires);
  const nowSeconds = now / 1000;
  if (seconds < nowSeconds || seconds > nowSeconds + EVIDENCE_URL_TTL_SECONDS + 60) return false;
  const expected = Buffer.from(signature(sessionSecret, hash, seconds));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
