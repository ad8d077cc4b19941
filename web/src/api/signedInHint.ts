/**
 * The gateway's readable twin of the HttpOnly session cookie (gateway/src/session/signed-in-hint.ts): set and
 * expired with it, so its absence means there is no session to ask `/api/auth/me` about.
 */
const HINT = 'souvenir.signed-in';

export function hasSignedInHint(): boolean {
  // No document (the prerender of Home) means a guest's page: nobody is signed in there.
  return (
    typeof document !== 'undefined' &&
    document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${HINT}=1`))
  );
}

/** A session that ended on the server (idle or absolute lifetime) leaves the hint behind: drop it. */
export function forgetSignedInHint(): void {
  if (typeof document !== 'undefined') document.cookie = `${HINT}=; Path=/; Max-Age=0; SameSite=Lax`;
}
