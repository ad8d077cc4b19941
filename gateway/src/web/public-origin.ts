import type { Request } from 'express';

/** A host name or address with an optional port (`[::1]:3000` too). */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The site's address for absolute links (og:url, og:image, the sitemap, the payout provider's way back): the first of
 * ALLOWED_ORIGINS when it is configured (production behind its domain), otherwise the request's own scheme and host
 * (development, tests); null when that Host is not a plain name[:port], which has no page of ours to link to.
 */
export function publicOrigin(allowedOrigins: string, req: Request): string | null {
  const configured = allowedOrigins.split(',')[0]?.trim();
  if (configured) return configured;
  const host = req.get('host') ?? '';
  return HOST.test(host) ? `${req.protocol}://${host}` : null;
}
