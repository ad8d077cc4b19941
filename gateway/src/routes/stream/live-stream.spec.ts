import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express, { type Response } from 'express';
import { LiveStream, STREAM_BUFFER_LIMIT_BYTES } from './live-stream';
import { pushedEvent } from './live-hub';

/** A response whose client never reads: everything written stays buffered in the stream. */
function stalledResponse() {
  const sink = new Writable({ highWaterMark: 1, write: () => undefined });
  const res = Object.assign(sink, {
    status: () => res,
    set: () => res,
    flushHeaders: () => undefined,
  });
  return res as unknown as Response & Writable;
}

const event = (id: number, size = 100) =>
  pushedEvent(BigInt(id), JSON.stringify({ id: String(id), pad: 'x'.repeat(size) }));

describe('LiveStream', () => {
  it('drops a client that stops reading once its unsent events pass the bound', () => {
    const res = stalledResponse();
    const stream = new LiveStream(res);
    stream.open();
    stream.start({ kind: 'ready' }, '0');
    for (let id = 1; !res.destroyed && id < 1000; id++) stream.push(event(id, 4096));
    expect(res.destroyed).toBe(true);
    expect(res.writableLength).toBeLessThan(STREAM_BUFFER_LIMIT_BYTES + 10_000);
  });

  it('writes events pushed during the replay after it, skipping those the replay already had', () => {
    const written: string[] = [];
    const res = Object.assign(stalledResponse(), {
      write: (text: string) => written.push(text) > 0,
    }) as unknown as Response;
    const stream = new LiveStream(res);
    stream.open();
    stream.push(event(5));
    stream.push(event(7));
    stream.start({ kind: 'replay', events: [event(4), event(5)] }, '5');
    const ids = written.flatMap((t) => /^id: (\d+)/.exec(t)?.[1] ?? []);
    expect(ids).toEqual(['4', '5', '7']);
  });

  it('writes events that arrive swapped (pushed side by side by two consumers), each once', () => {
    const written: string[] = [];
    const res = Object.assign(stalledResponse(), {
      write: (text: string) => written.push(text) > 0,
    }) as unknown as Response;
    const stream = new LiveStream(res);
    stream.open();
    stream.start({ kind: 'ready' }, '3');
    for (const id of [5, 4, 6, 3]) stream.push(event(id));
    const ids = written.flatMap((t) => /^id: (\d+)\ndata/.exec(t)?.[1] ?? []);
    expect(ids).toEqual(['5', '4', '6']);
  });

  describe('over HTTP, while its replay is being read', () => {
    /** A server whose one route runs `during` between the stream's creation and its opening, as the replay's read. */
    async function serve(during: (stream: LiveStream) => void) {
      const app = express();
      app.get('/stream', (_req, res) => {
        const stream = new LiveStream(res);
        during(stream);
        setImmediate(() => {
          if (stream.open()) stream.start({ kind: 'ready' }, '12');
        });
      });
      const server = app.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const request = http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`);
      const closeAll = () => {
        request.destroy();
        server.closeAllConnections();
        server.close();
      };
      return { request, closeAll };
    }

    it('a heartbeat before the headers writes nothing: the stream still opens as an event stream', async () => {
      const { request, closeAll } = await serve((stream) => stream.heartbeat());
      try {
        const [res] = (await once(request, 'response')) as [IncomingMessage];
        expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        let body = '';
        for await (const chunk of res) {
          body += String(chunk);
          if (body.includes('event: ready')) break;
        }
        expect(body).toBe('retry: 1000\n\nid: 12\nevent: ready\ndata: {}\n\n');
      } finally {
        closeAll();
      }
    });

    it('closed before its headers (a shutdown), the connection is dropped, so the browser reconnects', async () => {
      const { request, closeAll } = await serve((stream) => stream.close());
      try {
        const outcome = await new Promise((resolve) => {
          request.on('response', () => resolve('answered'));
          request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
        });
        expect(outcome).toBe('ECONNRESET');
      } finally {
        closeAll();
      }
    });
  });
});
