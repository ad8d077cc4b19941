import { processRegistry } from '@souvenir/platform';
import type { Response } from 'express';
import { Counter } from 'prom-client';
import type { LiveClient, PushedEvent } from './live-hub';

/** What a client that stops reading may hold unsent before it is dropped (it reconnects and resumes). */
export const STREAM_BUFFER_LIMIT_BYTES = 64 * 1024;
/** How long a browser waits before reconnecting a stream that ended. */
const RECONNECT_MS = 1000;

const droppedStreams = new Counter({
  name: 'gateway_live_streams_dropped_total',
  help: 'Live streams closed because the client stopped reading (its unsent events passed the bound)',
  registers: [processRegistry],
});

/**
 * One tab's `text/event-stream`. Events pushed while the missed ones are being replayed wait, and then only those
 * newer than the replay are written, so a reconnect neither skips nor repeats an event. After that every pushed event
 * newer than the replay is written even when it comes after a newer one: a user's events are committed in id order
 * but pushed by the notifications service's consumers side by side, so two of them can arrive swapped (a reconnect
 * may then replay one twice, which only reloads twice). A client whose unsent text
 * passes STREAM_BUFFER_LIMIT_BYTES (it stopped reading) is cut off, so it cannot grow this replica's memory.
 */
export class LiveStream implements LiveClient {
  private waiting: PushedEvent[] | null = [];
  /** The id the stream started after (the replay's last): only newer events are written. */
  private floor = -1n;
  /** Whether the headers were written: nothing (a heartbeat's comment) may be written before them. */
  private opened = false;

  constructor(private readonly res: Response) {}

  /**
   * The response's headers: no caching, no compression, no proxy buffering (nginx reads X-Accel-Buffering). False
   * when the stream was closed while its replay was being read (a shutdown): nothing is written then.
   */
  open(): boolean {
    if (this.res.headersSent || this.res.destroyed || this.res.writableEnded) return false;
    this.res.status(200);
    this.res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware and proxies leave the stream as it is, written as it happens.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    this.res.flushHeaders();
    this.opened = true;
    this.write(`retry: ${RECONNECT_MS}\n\n`);
    return true;
  }

  /**
   * Writes what the stream starts with: the replayed events, or `event: ready` (a new stream) or `event: refetch`
   * (the missed events could not be replayed) under the id a later reconnect resumes after; then the events pushed
   * meanwhile that are newer than `lastId`.
   */
  start(opening: { kind: 'replay'; events: PushedEvent[] } | { kind: 'ready' | 'refetch' }, lastId: string): void {
    if (opening.kind === 'replay') for (const event of opening.events) this.writeEvent(event);
    else this.write(`id: ${lastId}\nevent: ${opening.kind}\ndata: {}\n\n`);
    this.floor = BigInt(lastId);
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const event of waiting) this.push(event);
  }

  push(event: PushedEvent): void {
    if (this.waiting) this.waiting.push(event);
    else if (event.id > this.floor) this.writeEvent(event);
  }

  heartbeat(): void {
    this.write(': ping\n\n');
  }

  /**
   * Ends the stream cleanly. Before its headers, the connection is dropped instead: a browser reconnects after a
   * network error, but gives up on an answer that is not an event stream.
   */
  close(): void {
    if (!this.opened) this.res.destroy();
    else if (!this.res.writableEnded) this.res.end();
  }

  private writeEvent(event: PushedEvent): void {
    this.write(event.frame);
  }

  private write(text: string | Buffer): void {
    // Before open(), a write would send the default headers, and open()'s own would then throw (a heartbeat that
    // came while the replay was being read did that to every stream opening at the time).
    if (!this.opened || this.res.destroyed || this.res.writableEnded) return;
    if (this.res.writableLength > STREAM_BUFFER_LIMIT_BYTES) {
      droppedStreams.inc();
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }
}
