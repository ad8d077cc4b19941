import { Writable } from 'node:stream';
import type { Response } from 'express';
import { LiveStream, STREAM_BUFFER_LIMIT_BYTES } from './live-stream';

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

const event = (id: number, size = 100) => ({
  id: BigInt(id),
  json: JSON.stringify({ id: String(id), pad: 'x'.repeat(size) }),
});

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
});
