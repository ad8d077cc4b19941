import type { NextFunction, Request, Response } from 'express';
import type { GatewayConfig } from '../config/gateway.config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a state-changing request from a foreign Origin is refused (403), and one
 * with a body must be JSON (415), which a cross-site form cannot send without a CORS preflight.
 */
export function sameOriginJsonOnly(config: GatewayConfig) {
  const allowed = new Set(config.ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean));
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method) || !req.path.startsWith('/api/') || req.path.startsWith('/api/webhooks/')) return next();
    const origin = req.get('origin');
    if (origin && !(allowed.size ? allowed.has(origin) : origin === `${req.protocol}://${req.get('host')}`)) {
      return res.status(403).json({ statusCode: 403, message: 'Cross-site request refused' });
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json')) {
      return res.status(415).json({ statusCode: 415, message: 'Requests must be JSON (Content-Type: application/json)' });
    }
    next();
  };
}
