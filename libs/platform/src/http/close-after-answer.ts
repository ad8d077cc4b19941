import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused request's connection stays open, unread, for its client to read the answer. */
const LINGER_MS = 1000;

/**
 * For an answer given before the request's body has all arrived (a refused upload): the client is told the
 * connection closes, nothing more of the body is read, and the socket is destroyed a moment after the answer and a
 * FIN have gone out. Node otherwise reads the rest of the body to keep the connection alive, however long it is; and
 * destroying the socket at once, with the client's bytes unread, sends a reset that makes the client drop the answer
 * it has not read yet. Call it before the answer is written; it does nothing once the body has arrived.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  req.unpipe();
  req.pause();
  // Marks the body as being consumed, so Node does not resume it to discard the rest once the answer is written.
  req.read(0);
  res.setHeader('Connection', 'close');
  // Node calls destroySoon once a `Connection: close` answer is written: end (FIN), then destroy, here after a while.
  (req.socket as Socket & { destroySoon: () => void }).destroySoon = function lingeringClose(this: Socket) {
    this.pause();
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}
