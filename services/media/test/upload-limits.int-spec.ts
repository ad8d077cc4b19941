import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, serviceSuite } from '@souvenir/testing';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MediaConfig } from '../src/config/media.config';
import { ImageJobs } from '../src/images/image-jobs';
import { UploadMemoryBudget } from '../src/uploads/upload-memory-budget';
import { PART_HEAD, RawUpload } from './raw-upload';

/*
 * Uploads as an attacker sends them, over real HTTP, against a media process with small bounds (one image
 * job and no queue, a 12 MB budget for bodies, a body that is quiet for 1 s is dropped). None of them may end the
 * process, and each lets go of what it held.
 */
const SECRET = 'a-test-session-secret-of-at-least-32-characters';
const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-limits-'));
let baseUrl: string;
let redis: Redis;

const { infra, app } = serviceSuite(SERVICE_NAME, AppModule, MediaConfig, {
  env: {
    MEDIA_DIR: mediaDir,
    SESSION_SECRET: SECRET,
    WRITE_LIMIT_UPLOADS: '1000/60',
    MEDIA_IMAGE_JOBS: '1',
    MEDIA_IMAGE_QUEUE: '0',
    MEDIA_UPLOAD_BUFFER_MB: '12',
    // Long enough that a held upload outlives the time a loaded machine takes to start the next one.
    MEDIA_BODY_IDLE_SECONDS: '3',
    MEDIA_UPLOADS_PER_ACCOUNT: '2',
    MEDIA_UPLOADS_PER_IP: '4',
  },
  cleanUp: async () => redis?.disconnect(),
});

beforeAll(async () => {
  baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  redis = new Redis(infra.redisUrl);
});

// After the suite's own afterAll (declared first): the service is closed by then.
afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

async function signedIn(): Promise<string> {
  const sid = randomBytes(16).toString('hex');
  await redis.set(
    `sess:${sid}`,
    JSON.stringify({ cookie: {}, userId: randomUUID(), signedInAt: Date.now() }),
    'EX',
    600,
  );
  const signature = createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `souvenir.sid=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

const heldBytes = () => app.get(UploadMemoryBudget).heldBytes;

async function uploadPhoto(cookie?: string): Promise<Response> {
  const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    body: form,
    headers: { cookie: cookie ?? (await signedIn()) },
  });
}

/** An upload that has sent its head, the part's head and `bytes` of the file, and then waits. */
async function startedUpload(bytes: number, declared = 10 * 1024 * 1024, cookie?: string): Promise<RawUpload> {
  const upload = await RawUpload.open(baseUrl, cookie ?? (await signedIn()), declared);
  await upload.write(Buffer.concat([PART_HEAD, Buffer.alloc(bytes)]));
  return upload;
}

it('answers 400 to a body cut off inside the file part, and goes on answering', async () => {
  const cutOff = Buffer.concat([PART_HEAD, Buffer.from('abc')]);
  const res = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { cookie: await signedIn(), 'content-type': 'multipart/form-data; boundary=raw-upload-boundary' },
    body: new Uint8Array(cutOff),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toBe('The upload is not a valid multipart body.');
  expect((await uploadPhoto()).status).toBe(201);
});

it('stops reading a chunked body at the limit: 413, and the connection closed long before the client is done', async () => {
  const upload = await RawUpload.open(baseUrl, await signedIn());
  const answer = await upload.sendChunked(64 * 1024 * 1024);
  expect(answer.status).toBe(413);
  expect(answer.text).toContain('A photo can be at most 10 MB.');
  expect(answer.closed).toBe(true);
  // 10 MB read, plus what the two sockets' buffers held: far from the 64 MB the client meant to send.
  expect(upload.sent).toBeLessThan(40 * 1024 * 1024);
  await eventually(() => expect(heldBytes()).toBe(0));
});

it('lets go of an upload whose client leaves, and refuses (503) what would pass the memory budget', async () => {
  const first = await startedUpload(8 * 1024 * 1024);
  await eventually(() => expect(heldBytes()).toBeGreaterThanOrEqual(8 * 1024 * 1024));

  const second = await startedUpload(8 * 1024 * 1024);
  const refused = await second.answer();
  expect(refused.status).toBe(503);
  expect(refused.text).toMatch(/\r\nretry-after: \d+\r\n/i);
  expect(refused.closed).toBe(true);

  first.leave();
  await eventually(() => expect(heldBytes()).toBe(0));
  expect((await uploadPhoto()).status).toBe(201);
});

it('refuses a decoding bomb from its PNG header (413), before the rest of its body arrives', async () => {
  // A 16-bit RGBA PNG of 6300 × 6300 (318 MB decoded): its signature and IHDR, and nothing more of its 9 MB is sent.
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(6300, 8);
  ihdr.writeUInt32BE(6300, 12);
  ihdr.set([16, 6, 0, 0, 0], 16);
  const head = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
  const bomb = await RawUpload.open(baseUrl, await signedIn(), 9 * 1024 * 1024);
  await bomb.write(Buffer.concat([PART_HEAD, head]));
  // Not 408 (the body goes quiet after these bytes): the header alone decided.
  const answer = await bomb.answer();
  expect(answer.status).toBe(413);
  expect(answer.text).toContain('This photo is too large to read: at most 40 megapixels in 8-bit colour.');
  expect(answer.closed).toBe(true);
  expect(heldBytes()).toBe(0);
});

it('drops a body that stops arriving (408) and lets go of it', async () => {
  const stalled = await startedUpload(512 * 1024);
  const answer = await stalled.answer();
  expect(answer.status).toBe(408);
  expect(answer.closed).toBe(true);
  expect(heldBytes()).toBe(0);
});

it('answers 503 with Retry-After while every image job and queue place is taken, before reading the body', async () => {
  let finish = () => {};
  const busy = app.get(ImageJobs).run(() => new Promise<void>((resolve) => (finish = resolve)));
  const res = await uploadPhoto();
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(((await res.json()) as { message: string }).message).toBe(
    'Photos are busy right now. Please try again in a moment.',
  );
  finish();
  await busy;
  expect((await uploadPhoto()).status).toBe(201);
});

describe('uploads in flight per account and per address', () => {
  const PART = 64 * 1024;

  it("answers 429 with Retry-After to an account's upload past its places, before reading its body, and closes", async () => {
    const cookie = await signedIn();
    const held = [await startedUpload(PART, undefined, cookie), await startedUpload(PART, undefined, cookie)];
    await eventually(() => expect(heldBytes()).toBeGreaterThanOrEqual(2 * PART));

    const third = await startedUpload(4 * 1024 * 1024, 9 * 1024 * 1024, cookie);
    const refused = await third.answer();
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(refused.text).toContain('Too many photos are uploading at once. The next one starts in a moment.');
    expect(refused.closed).toBe(true);
    // Nothing of the refused body was read into the budget: only the two held uploads' bytes are there.
    expect(heldBytes()).toBeLessThan(3 * PART);
    // Another account is not held back by this one's uploads.
    expect((await uploadPhoto()).status).toBe(201);

    for (const upload of held) upload.leave();
    await eventually(() => expect(heldBytes()).toBe(0));
    // A place given back (the client left) is the account's again.
    expect((await uploadPhoto(cookie)).status).toBe(201);
  });

  it('answers 429 to an address past its places, whichever accounts it uses, and frees them as uploads end', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => startedUpload(PART)));
    await eventually(() => expect(heldBytes()).toBeGreaterThanOrEqual(4 * PART));

    const refused = await (await startedUpload(PART)).answer();
    expect(refused.status).toBe(429);
    expect(refused.closed).toBe(true);

    held[0]!.leave();
    await eventually(async () => expect((await uploadPhoto()).status).toBe(201));
    for (const upload of held.slice(1)) upload.leave();
    await eventually(() => expect(heldBytes()).toBe(0));
  });
});
