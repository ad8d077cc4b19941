import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { S3Storage } from './s3-storage';

/*
 * No S3-compatible server runs on these machines (and no Docker for MinIO), so the real SDK is pointed at a small
 * HTTP stub that keeps objects in a Map and answers as S3 does for the three calls used: what is checked is the
 * requests the SDK sends for our calls and how we read its answers, not S3 itself.
 */
let server: Server;
let storage: S3Storage;
const objects = new Map<string, { body: Buffer; headers: IncomingMessage['headers'] }>();

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://stub');
    const key = decodeURIComponent(url.pathname.replace(/^\/photos\//, ''));
    const payload = await body(req);
    if (req.method === 'PUT') {
      objects.set(key, { body: payload, headers: req.headers });
      res.writeHead(200, { ETag: '"1"' }).end();
    } else if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) {
        res.writeHead(404, { 'Content-Type': 'application/xml' });
        res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>gone</Message></Error>');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'image/webp', 'Content-Length': object.body.length }).end(object.body);
    } else if (req.method === 'POST' && url.searchParams.has('delete')) {
      for (const [, name] of payload.toString().matchAll(/<Key>([^<]+)<\/Key>/g)) objects.delete(name!);
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0"?><DeleteResult></DeleteResult>');
    } else res.writeHead(400).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  storage = new S3Storage(client, 'photos');
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const read = async (key: string) => {
  const stream = await storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

it('puts an object with its type and immutable caching, reads it back, and deletes it', async () => {
  const key = `${'a'.repeat(32)}-320.webp`;
  await storage.put(key, Buffer.from('webp bytes'));
  expect(objects.get(key)?.headers).toMatchObject({
    'content-type': 'image/webp',
    'cache-control': 'public, max-age=31536000, immutable',
  });
  expect(await read(key)).toEqual(Buffer.from('webp bytes'));
  await storage.delete([key]);
  expect(objects.has(key)).toBe(false);
});

it('answers null for a missing key and deletes nothing for no keys', async () => {
  expect(await read(`${'b'.repeat(32)}-800.webp`)).toBeNull();
  await expect(storage.delete([])).resolves.toBeUndefined();
});
