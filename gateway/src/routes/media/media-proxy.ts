import { request as httpRequest } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/** The paths the media service answers (the ingress routes them to it; without an ingress, this proxy does). */
const isMediaPath = (path: string) => path === '/api/uploads' || path.startsWith('/media/');

/**
 * Where no ingress sits in front (`npm start`, docker compose), the gateway is the one URL, so it passes upload and
 * image requests to media as they are: the body is piped, never parsed or buffered here, so a photo costs the
 * gateway's event loop only its chunks' hand-over. Host and cookies go along unchanged: media checks the session and
 * the Origin itself.
 */
export function mediaProxy(mediaUrl: string) {
  const target = new URL(mediaUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isMediaPath(req.path)) return next();
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.ip ?? '',
          'x-forwarded-proto': req.protocol,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return res.destroy();
      res.status(503).json({ statusCode: 503, message: 'Photos are unavailable right now. Please try again.' });
    });
    req.pipe(upstream);
  };
}
