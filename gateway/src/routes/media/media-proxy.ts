import { request as httpRequest } from 'node:http';
import { MEDIA_MAX_UPLOAD_BYTES, MEDIA_TOO_LARGE_MESSAGE, MEDIA_UPLOAD_FRAMING_BYTES } from '@souvenir/contracts';
import { closeAfterAnswer } from '@souvenir/platform';
import type { NextFunction, Request, Response } from 'express';

/** The paths the media service answers (the ingress routes them to it; without an ingress, this proxy does). */
const isMediaPath = (path: string) => path === '/api/uploads' || path.startsWith('/media/');

/** A body longer than this is no photo media would take: the proxy stops passing it on as soon as it is crossed. */
const BODY_LIMIT = MEDIA_MAX_UPLOAD_BYTES + MEDIA_UPLOAD_FRAMING_BYTES;
/** A client body, or media's answer, that goes quiet this long is dropped (media's own idle limit is shorter). */
const IDLE_MS = 30_000;

/**
 * Where no ingress sits in front (`npm start`, docker compose), the gateway is the one URL, so it passes upload and
 * image requests to media as they are: the body is piped, never parsed or buffered here, so a photo costs the
 * gateway's event loop only its chunks' hand-over. Host and cookies go along unchanged: media checks the session and
 * the Origin itself. The proxy holds nothing for a client that has gone: the request to media is cancelled when the
 * client leaves, when its body passes the limit, or when either side goes quiet.
 */
export function mediaProxy(mediaUrl: string) {
  const target = new URL(mediaUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isMediaPath(req.path)) return next();
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) return refuse(req, res, 413, MEDIA_TOO_LARGE_MESSAGE);
    let answered = false;
    let refused = false;
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
        timeout: IDLE_MS,
      },
      (answer) => {
        answered = true;
        // Media refused before the body's end (and closes): the client's connection closes too, unread.
        closeAfterAnswer(req, res);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('error', () => res.destroy());
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy());
    upstream.on('error', () => {
      // Media may answer before the body's end (a refusal) and close: its answer is passed on whole all the same.
      if (answered || refused) return;
      refuse(req, res, 503, 'Photos are unavailable right now. Please try again.');
    });
    // The client left (or its connection failed) before its answer was sent: nobody waits for media's work, and
    // media lets go of what it holds for the request.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.on('error', () => upstream.destroy());

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= BODY_LIMIT || refused) return;
      refused = true;
      req.unpipe(upstream);
      upstream.destroy();
      refuse(req, res, 413, MEDIA_TOO_LARGE_MESSAGE);
    });
    const idle = setTimeout(() => {
      if (answered || refused) return;
      refused = true;
      upstream.destroy();
      refuse(req, res, 408, 'The upload stopped arriving. Please try again.');
    }, IDLE_MS);
    req.on('data', () => idle.refresh());
    req.on('end', () => clearTimeout(idle));
    req.on('close', () => clearTimeout(idle));
    req.pipe(upstream);
  };
}

/** Answers `status`; before the body's end, the connection closes after the answer without reading the rest. */
function refuse(req: Request, res: Response, status: number, message: string): void {
  if (res.headersSent) return;
  closeAfterAnswer(req, res);
  res.status(status).json({ statusCode: status, message });
}
