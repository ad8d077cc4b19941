import type { NextFunction, Request, Response } from 'express';
import { foreignOriginRule } from '@souvenir/platform';
import type { GatewayConfig } from '../config/gateway.config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The one state-changing path whose caller is not a browser: its signature is its authentication. */
const SIGNED_WEBHOOK = '/api/webhooks/stripe';
/**
 * A mail's one-click unsubscribe (RFC 8058): mail providers POST a form body (`List-Unsubscribe=One-Click`), with no
 * Origin or a webmail's own. It reads no session, so there is nothing for a forged request to borrow: the signed token
 * in the path is its whole authorisation, and all it can do is turn one kind of mail off for the token's owner.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * CSRF defence for cookie sessions: a state-changing request from a foreign Origin is refused (403), and one
 * with a body must be JSON (415), which a cross-site form cannot send without a CORS preflight.
 *
 * The rule holds for every state-changing request whatever its path, not for paths that look like the API: a
 * prefix test (`startsWith('/api/')`) was walked around by `/Api/products`, which express routed to the same
 * handler. Only the webhook's exact path, the only spelling that reaches its route (routing is case-sensitive
 * and strict, and express matches the path undecoded), is exempt. The web app's pages answer GET and HEAD only. The one-click unsubscribe's POST is exempt too (below).
 */
export function sameOriginJsonOnly(config: GatewayConfig) {
  const isForeign = foreignOrigin(config);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method) || req.path === SIGNED_WEBHOOK) return next();
    if (req.method === 'POST' && ONE_CLICK_UNSUBSCRIBE.test(req.path)) return next();
    if (isForeign(req)) {
      return res.status(403).json({ statusCode: 403, message: 'Cross-site request refused' });
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) {
      return res
        .status(415)
        .json({ statusCode: 415, message: 'Requests must be JSON (Content-Type: application/json)' });
    }
    next();
  };
}

/**
 * Whether a request comes from a page of another site: it names an Origin that is not one of ALLOWED_ORIGINS (or,
 * without them, not the request's own). A request without Origin is a same-origin GET or not from a browser.
 */
export function foreignOrigin(config: GatewayConfig): (req: Request) => boolean {
  const isForeign = foreignOriginRule(config.ALLOWED_ORIGINS);
  return (req) => isForeign(req.get('origin'), `${req.protocol}://${req.get('host')}`);
}
