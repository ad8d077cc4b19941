import type { NextFunction, Request, Response } from 'express';

/** Readable by the web app (not HttpOnly); it holds no secret, only "1". */
export const SIGNED_IN_HINT_COOKIE = 'souvenir.signed-in';

/**
 * Mirrors the session cookie in a cookie the web app can read: written with the session cookie's own expiry each
 * time the gateway writes that cookie (sign-in, and each refresh of its expiry), expired when it is expired (sign-out).
 * The session cookie is HttpOnly, so without this the app cannot tell a guest from a member without asking
 * `GET /api/auth/me`, whose contract answers a guest 401: an error line in every guest's console on their first
 * visit. The hint decides only whether to ask; the session cookie alone still decides who someone is.
 *
 * It must run before express-session: each middleware that wraps `writeHead` runs before the ones wrapped earlier,
 * so wrapping first means running last, when the session cookie is already in the headers. The hint is appended
 * after it, keeping the session cookie first in Set-Cookie.
 */
export function signedInHint(sessionCookie: string) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      const hint = hintFor(setCookies(res), sessionCookie);
      if (hint) res.setHeader('Set-Cookie', [...setCookies(res), hint]);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}

function setCookies(res: Response): string[] {
  const header = res.getHeader('Set-Cookie');
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

/** The hint cookie matching the session cookie this response sets, if it sets one. */
function hintFor(cookies: string[], sessionCookie: string): string | null {
  const session = cookies.find((cookie) => cookie.startsWith(`${sessionCookie}=`));
  if (!session) return null;
  const [pair, ...attributes] = session.split(';').map((part) => part.trim());
  const cleared = pair === `${sessionCookie}=`;
  const expires = attributes.find((attribute) => /^expires=/i.test(attribute));
  const secure = attributes.some((attribute) => /^secure$/i.test(attribute));
  return [
    `${SIGNED_IN_HINT_COOKIE}=${cleared ? '' : '1'}`,
    'Path=/',
    cleared ? 'Expires=Thu, 01 Jan 1970 00:00:00 GMT' : expires,
    'SameSite=Lax',
    secure ? 'Secure' : undefined,
  ]
    .filter(Boolean)
    .join('; ');
}
