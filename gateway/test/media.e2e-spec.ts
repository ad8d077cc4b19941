import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { eventually, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../services/catalog/src/app.module';
import { CatalogConfig } from '../../services/catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { AppModule as MediaModule, SERVICE_NAME as MEDIA } from '../../services/media/src/app.module';
import { MediaConfig } from '../../services/media/src/config/media.config';
import { UploadMemoryBudget } from '../../services/media/src/uploads/upload-memory-budget';
import { PART_HEAD, RawUpload } from '../../services/media/test/raw-upload';
import { join, startGateway } from './gateway-harness';

/*
 * Through the gateway as `npm start` runs it (no ingress: the gateway proxies /api/uploads and /media/ to
 * media): the session the gateway made is the one media reads, and a listing that names a photo makes it used.
 * Media runs in this process, not as a child, because the tests read its upload memory budget from the module.
 */
let infra: TestInfra;
const services: INestApplication[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let mediaDir: string;
let media: INestApplication;
let gatewayUrl: string;

beforeAll(async () => {
  infra = await startTestInfra();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'gateway-media-'));
  services.push(
    await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra),
    await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra),
  );
  media = await startService(MEDIA, MediaConfig, (c) => MediaModule.register(c), infra, { MEDIA_DIR: mediaDir });
  services.push(media);
  const mediaUrl = (await media.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
  gateway = await startGateway(infra, { MEDIA_URL: new URL(mediaUrl).origin });
  http = request(gateway.getHttpServer());
  gatewayUrl = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services) await service.close();
  await infra?.stop();
  await rm(mediaDir, { recursive: true, force: true });
});

it('uploads through the gateway with its session, serves the sizes, and a listing naming the photo keeps it', async () => {
  const seller = await join(http, 'photographer', 'Pia');
  const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();

  await http.post('/api/uploads').attach('file', photo, 'photo.jpg').expect(401);
  const uploaded = await http.post('/api/uploads').set('Cookie', seller.cookie).attach('file', photo, 'photo.jpg');
  expect(uploaded.status).toBe(201);
  expect(uploaded.body.sizes.map((s: { width: number }) => s.width)).toEqual([320, 800, 1000]);

  const image = await http.get(uploaded.body.sizes[1].url).expect(200);
  expect(image.headers['content-type']).toBe('image/webp');
  expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await sharp(image.body as Buffer).metadata()).width).toBe(800);

  await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title: 'Blue tile from Lisbon',
      description: 'A hand-painted azulejo, customs cleared, wrapped for travel.',
      price: 25,
      condition: 'new',
      category: 'Home Decor',
      country: 'Portugal',
      images: [`http://localhost:3000${uploaded.body.url}`],
    })
    .expect(201);
  const db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  try {
    await eventually(async () => {
      const { rows } = await db.query('SELECT used_at FROM media.uploads WHERE id = $1', [uploaded.body.id]);
      expect(rows[0].used_at).not.toBeNull();
    });
  } finally {
    await db.end();
  }
});

it('refuses an upload from a foreign Origin before reading it', async () => {
  const member = await join(http, 'visitor', 'Vic');
  await http
    .post('/api/uploads')
    .set('Cookie', member.cookie)
    .set('Origin', 'https://evil.example')
    .attach('file', Buffer.from('x'), 'x.jpg')
    .expect(403);
});

describe('uploads as an attacker sends them', () => {
  it('stops passing on a chunked body at the limit: 413, and the connection closed long before the client is done', async () => {
    const member = await join(http, 'streamer', 'Sam');
    const upload = await RawUpload.open(gatewayUrl, member.cookie);
    const answer = await upload.sendChunked(64 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('A photo can be at most 10 MB.');
    expect(answer.closed).toBe(true);
    // 10 MB passed on, plus what the sockets' buffers held: far from the 64 MB the client meant to send.
    expect(upload.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it("cancels media's request when the client leaves mid-upload, so media lets go of the bytes at once", async () => {
    const member = await join(http, 'quitter', 'Quinn');
    const budget = media.get(UploadMemoryBudget);
    const upload = await RawUpload.open(gatewayUrl, member.cookie, 9 * 1024 * 1024);
    await upload.write(Buffer.concat([PART_HEAD, Buffer.alloc(6 * 1024 * 1024)]));
    await eventually(() => expect(budget.heldBytes).toBeGreaterThanOrEqual(6 * 1024 * 1024));
    upload.leave();
    // Well within media's own 15 s for a quiet body: only the gateway's cancellation frees it this soon.
    await eventually(() => expect(budget.heldBytes).toBe(0), 5_000);
  });

  it("answers an account's fifth upload in flight 429 before media reads its body, and closes the client's connection", async () => {
    const member = await join(http, 'hoarder', 'Hal');
    const budget = media.get(UploadMemoryBudget);
    const part = 64 * 1024;
    const held: RawUpload[] = [];
    for (let i = 0; i < 4; i += 1) {
      const upload = await RawUpload.open(gatewayUrl, member.cookie, 9 * 1024 * 1024);
      await upload.write(Buffer.concat([PART_HEAD, Buffer.alloc(part)]));
      held.push(upload);
    }
    await eventually(() => expect(budget.heldBytes).toBeGreaterThanOrEqual(4 * part));

    const fifth = await RawUpload.open(gatewayUrl, member.cookie, 9 * 1024 * 1024);
    await fifth.write(Buffer.concat([PART_HEAD, Buffer.alloc(4 * 1024 * 1024)]));
    const answer = await fifth.answer();
    expect(answer.status).toBe(429);
    expect(answer.text).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.closed).toBe(true);
    // None of the fifth body's 4 MB reached the budget: only the four held uploads' bytes are there.
    expect(budget.heldBytes).toBeLessThan(5 * part);

    for (const upload of held) upload.leave();
    await eventually(() => expect(budget.heldBytes).toBe(0), 5_000);
  });
});
