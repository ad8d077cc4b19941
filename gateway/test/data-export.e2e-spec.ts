import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  eventually,
  linkIn,
  mailsTo,
  startMailDev,
  startService,
  startTestInfra,
  type MailDevServer,
  type TestInfra,
} from '@souvenir/testing';
import { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../services/catalog/src/app.module';
import { CatalogConfig } from '../../services/catalog/src/config/catalog.config';
import { AppModule as FavouritesModule, SERVICE_NAME as FAVOURITES } from '../../services/favourites/src/app.module';
import { FavouritesConfig } from '../../services/favourites/src/config/favourites.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { AppModule as MediaModule, SERVICE_NAME as MEDIA } from '../../services/media/src/app.module';
import { MediaConfig } from '../../services/media/src/config/media.config';
import { AppModule as MessagingModule, SERVICE_NAME as MESSAGING } from '../../services/messaging/src/app.module';
import { MessagingConfig } from '../../services/messaging/src/config/messaging.config';
import {
  AppModule as NotificationsModule,
  SERVICE_NAME as NOTIFICATIONS,
} from '../../services/notifications/src/app.module';
import { NotificationsConfig } from '../../services/notifications/src/config/notifications.config';
import { AppModule as PaymentsModule, SERVICE_NAME as PAYMENTS } from '../../services/payments/src/app.module';
import { PaymentsConfig } from '../../services/payments/src/config/payments.config';
import { AppModule as ReviewsModule, SERVICE_NAME as REVIEWS } from '../../services/reviews/src/app.module';
import { ReviewsConfig } from '../../services/reviews/src/config/reviews.config';
import { AppModule as ModerationModule, SERVICE_NAME as MODERATION } from '../../services/moderation/src/app.module';
import { ModerationConfig } from '../../services/moderation/src/config/moderation.config';
import { join, type Account, startGateway } from './gateway-harness';

/**
 * "Download my data" from the outside: every service answers its part, media stores the zip, the mail carries the
 * link, and only its owner can download it, only until it expires.
 */
const PUBLIC_URL = 'http://localhost:3000';

let infra: TestInfra;
let maildev: MailDevServer;
let mediaDir: string;
const services: INestApplication[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let db: Client;

beforeAll(async () => {
  infra = await startTestInfra();
  maildev = await startMailDev();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'data-export-'));
  const media = await startService(MEDIA, MediaConfig, (c) => MediaModule.register(c), infra, { MEDIA_DIR: mediaDir });
  services.push(media);
  const mediaUrl = new URL((await media.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1'))
    .origin;
  services.push(
    await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra, {
      MEDIA_INTERNAL_URL: mediaUrl,
    }),
    await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra),
    await startService(FAVOURITES, FavouritesConfig, (c) => FavouritesModule.register(c), infra),
    await startService(MESSAGING, MessagingConfig, (c) => MessagingModule.register(c), infra),
    await startService(PAYMENTS, PaymentsConfig, (c) => PaymentsModule.register(c), infra),
    await startService(REVIEWS, ReviewsConfig, (c) => ReviewsModule.register(c), infra),
    await startService(MODERATION, ModerationConfig, (c) => ModerationModule.register(c), infra),
    await startService(NOTIFICATIONS, NotificationsConfig, (c) => NotificationsModule.register(c), infra, {
      SMTP_URL: maildev.smtpUrl,
      PUBLIC_URL,
      MAIL_POLL_MS: '100',
    }),
  );
  gateway = await startGateway(infra, {
    MEDIA_URL: mediaUrl,
    MEDIA_INTERNAL_URL: mediaUrl,
    WRITE_LIMIT_DATA_EXPORTS: '3/86400',
    RPC_TIMEOUT_MS: '4000',
  });
  http = request(gateway.getHttpServer());
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await maildev?.stop();
  await infra?.stop();
  await rm(mediaDir, { recursive: true, force: true });
});

/** The zip's files by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

const json = (files: Map<string, Buffer>, name: string) =>
  JSON.parse(files.get(name)?.toString() ?? 'null') as Record<string, unknown>[];

const download = (id: string, cookie?: string) => {
  const req = http.get(`/api/me/export/${id}`);
  if (cookie) req.set('Cookie', cookie);
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
};

let ana: Account;
let bo: Account;
let exportId: string;

it('builds one archive for a request made twice at once, and mails its link', async () => {
  ana = await join(http, 'ana-export', 'Ana');
  bo = await join(http, 'bo-export', 'Bo');
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
  const upload = await http.post('/api/uploads').set('Cookie', ana.cookie).attach('file', photo, 'a.jpg').expect(201);
  const product = await http
    .post('/api/products')
    .set('Cookie', ana.cookie)
    .send({
      title: 'Painted tile from Porto',
      description: 'A hand-painted azulejo, wrapped for travel, with its shop receipt.',
      price: 30,
      condition: 'new',
      category: 'Home Decor',
      country: 'Portugal',
      images: [`${PUBLIC_URL}${upload.body.url}`],
    })
    .expect(201);
  await http
    .post('/api/messages')
    .set('Cookie', bo.cookie)
    .send({ toUserId: ana.id, productId: product.body.id, content: 'Is the tile still available?' })
    .expect(201);
  await http
    .post('/api/messages')
    .set('Cookie', ana.cookie)
    .send({ toUserId: bo.id, productId: product.body.id, content: 'Yes, it is!' })
    .expect(201);
  // Bo's own data: never in Ana's archive.
  await http
    .post('/api/products')
    .set('Cookie', bo.cookie)
    .send({
      title: 'Bo’s brass compass',
      description: 'An old brass compass from a market in Valletta, in working order.',
      price: 45,
      condition: 'good',
      category: 'Home Decor',
      country: 'Malta',
      images: ['https://example.com/compass.jpg'],
    })
    .expect(201);

  const [first, second] = await Promise.all([
    http.post('/api/me/export').set('Cookie', ana.cookie),
    http.post('/api/me/export').set('Cookie', ana.cookie),
  ]);
  expect(first.status).toBe(202);
  expect(second.status).toBe(202);
  expect(second.body.id).toBe(first.body.id);
  exportId = first.body.id;
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM identity.data_exports WHERE user_id = $1`, [ana.id]);
  expect(rows[0].n).toBe(1);

  const mail = await eventually(async () => {
    const found = (await mailsTo(maildev.webUrl, 'ana-export@example.com')).find((m) =>
      /data is ready/.test(m.subject),
    );
    if (!found) throw new Error('no mail yet');
    return found;
  }, 60_000);
  expect(linkIn(mail, `${PUBLIC_URL}/api/me/export/`)).toBe(`${PUBLIC_URL}/api/me/export/${exportId}`);
  const latest = await http.get('/api/me/export').set('Cookie', ana.cookie).expect(200);
  expect(latest.body.export).toMatchObject({ id: exportId, status: 'ready', expiresAt: expect.any(String) });
  const bell = await http.get('/api/notifications').set('Cookie', ana.cookie).expect(200);
  expect(JSON.stringify(bell.body)).toContain('Your data is ready to download');
}, 120_000);

it('gives its owner a zip of their data and photos, and nobody else anything', async () => {
  const res = await download(exportId, ana.cookie).expect(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const files = await unzip(res.body as Buffer);
  expect(files.get('README.txt')?.toString()).toContain('messaging/messages.json');
  const [profile] = json(files, 'identity/profile.json');
  expect(profile).toMatchObject({ id: ana.id, email: 'ana-export@example.com', firstName: 'Ana' });
  expect(JSON.stringify(profile)).not.toMatch(/hash|password/i);
  expect(json(files, 'catalog/listings.json').map((l) => l.title)).toEqual(['Painted tile from Porto']);
  expect(json(files, 'messaging/messages.json').map((m) => [m.direction, m.content])).toEqual([
    ['received', 'Is the tile still available?'],
    ['sent', 'Yes, it is!'],
  ]);
  for (const name of ['payments/orders.json', 'reviews/written.json', 'favourites/favourites.json']) {
    expect(json(files, name)).toEqual([]);
  }
  const uploads = json(files, 'media/uploads.json');
  expect(uploads).toHaveLength(1);
  const photo = files.get(`photos/${String(uploads[0].url).split('/').pop()}`);
  expect((await sharp(photo!).metadata()).format).toBe('webp');
  expect([...files.keys()].join('\n')).not.toContain('compass');
  expect([...files.values()].map(String).join('\n')).not.toContain('brass compass');

  await download(exportId, bo.cookie).expect(404);
  await download(exportId).expect(401);
  await download('not-an-id', ana.cookie).expect(404);
  await download('5b0c1b8e-6e0e-4a43-9d3f-1f1f1f1f1f1f', ana.cookie).expect(404);
}, 60_000);

it('stops serving the archive once it has expired', async () => {
  await db.query(`UPDATE identity.data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [exportId]);
  await download(exportId, ana.cookie).expect(404);
});

it('limits requests per person (429 with Retry-After)', async () => {
  const cleo = await join(http, 'cleo-export', 'Cleo');
  for (let i = 0; i < 3; i++) await http.post('/api/me/export').set('Cookie', cleo.cookie).expect(202);
  const refused = await http.post('/api/me/export').set('Cookie', cleo.cookie).expect(429);
  expect(refused.headers['retry-after']).toBeDefined();
  await http.post('/api/me/export').expect(401);
});
