import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { PART_HEAD, RawUpload } from '../../../../services/media/test/raw-upload';
import { mediaProxy } from './media-proxy';

/*
 * The proxy's own limit, in front of an upstream that reads every byte it is sent (as media once did): the
 * proxy, not the upstream, must stop a body at the limit and close the client's connection unread.
 */
let upstream: Server;
let proxy: Server;
let proxyUrl: string;
let upstreamReceived = 0;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (upstreamReceived += chunk.length));
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end('{}'));
    req.on('error', () => undefined);
  });
  const app = express();
  app.use(mediaProxy(await listen(upstream)));
  proxy = createServer(app);
  proxyUrl = await listen(proxy);
});

afterAll(async () => {
  proxy.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await new Promise((resolve) => upstream.close(resolve));
});

it('answers 413 to a chunked body past the limit, passes no more of it on, and closes before the client is done', async () => {
  const upload = await RawUpload.open(proxyUrl, 'souvenir.sid=x');
  const answer = await upload.sendChunked(64 * 1024 * 1024);
  expect(answer.status).toBe(413);
  expect(answer.text).toContain('A photo can be at most 10 MB.');
  expect(answer.closed).toBe(true);
  expect(upload.sent).toBeLessThan(40 * 1024 * 1024);
  expect(upstreamReceived).toBeLessThanOrEqual(10 * 1024 * 1024 + 64 * 1024 + 256 * 1024);
});

it('answers 413 at once to a Content-Length past the limit, reading none of the body', async () => {
  const before = upstreamReceived;
  const upload = await RawUpload.open(proxyUrl, 'souvenir.sid=x', 50 * 1024 * 1024);
  await upload.write(PART_HEAD);
  const answer = await upload.answer();
  expect(answer.status).toBe(413);
  expect(answer.closed).toBe(true);
  expect(upstreamReceived).toBe(before);
});
