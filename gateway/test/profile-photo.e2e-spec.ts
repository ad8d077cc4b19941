import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { join, startGateway, type Account } from './gateway-harness';

/*
 * A profile photo through the media pipeline, black-box over HTTP: uploaded on the listing photos' route, chosen with
 * PUT /api/me/avatar, shown as a URL wherever the person's initials were (Me, their profile, their listings' seller
 * card, messages), kept by media, and removed again. Only an upload's path is accepted.
 */
let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let mediaDir: string;
let pia: Account;
let bob: Account;

beforeAll(async () => {
  infra = await startTestInfra();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'profile-photo-'));
  services.push(
    await startService('identity', infra),
    await startService('catalog', infra),
    await startService('messaging', infra),
  );
  const media = await startService('media', infra, { MEDIA_DIR: mediaDir });
  services.push(media);
  const mediaUrl = (await media.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
  gateway = await startGateway(infra, { MEDIA_URL: new URL(mediaUrl).origin });
  http = request(gateway.getHttpServer());
  pia = await join(http, 'pia', 'Pia');
  bob = await join(http, 'bob', 'Bob');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services) await service.close();
  await infra?.stop();
  await rm(mediaDir, { recursive: true, force: true });
});

it('is uploaded, chosen, shown everywhere the initials were, kept by media, and removed', async () => {
  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
  const uploaded = await http
    .post('/api/uploads')
    .set('Cookie', pia.cookie)
    .attach('file', photo, 'me.jpg')
    .expect(201);
  const avatar = uploaded.body.sizes[0].url as string;
  expect(avatar).toMatch(/^\/media\/[0-9a-f]{32}-320\.webp$/);

  const product = await http
    .post('/api/products')
    .set('Cookie', pia.cookie)
    .send({
      title: 'Painted fan from Seville',
      description: 'A hand-painted fan, customs cleared, wrapped for travel.',
      price: 18,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Spain',
      images: ['https://example.com/fan.jpg'],
    })
    .expect(201);
  await http
    .post('/api/messages')
    .set('Cookie', bob.cookie)
    .send({ toUserId: pia.id, productId: product.body.id, content: 'Is it still available?' })
    .expect(201);

  const me = await http.put('/api/me/avatar').set('Cookie', pia.cookie).send({ avatar }).expect(200);
  expect(me.body).toMatchObject({ id: pia.id, avatar });
  expect((await http.get('/api/auth/me').set('Cookie', pia.cookie).expect(200)).body.avatar).toBe(avatar);
  expect((await http.get(`/api/users/${pia.id}`).expect(200)).body.avatar).toBe(avatar);
  // The read models follow the user updated event: the seller card and Bob's conversation show it too.
  await eventually(async () => {
    const card = await http.get(`/api/products/${product.body.id}`).expect(200);
    expect(card.body.seller.avatar).toBe(avatar);
    const conversations = await http.get('/api/messages/conversations').set('Cookie', bob.cookie).expect(200);
    expect(conversations.body[0].toUser).toMatchObject({ id: pia.id, avatar });
  });
  // Media keeps the upload (named by a profile), and serves it.
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
  expect((await http.get(avatar).expect(200)).headers['content-type']).toBe('image/webp');

  const removed = await http.delete('/api/me/avatar').set('Cookie', pia.cookie).expect(200);
  expect(removed.body.avatar).toBeNull();
  await eventually(async () => {
    const card = await http.get(`/api/products/${product.body.id}`).expect(200);
    expect(card.body.seller.avatar).toBeNull();
  });
});

it('takes only the path of an upload, and only from the signed-in person', async () => {
  await http.put('/api/me/avatar').send({ avatar: null }).expect(401);
  await http.delete('/api/me/avatar').expect(401);
  for (const avatar of [
    'https://evil.example/me.jpg',
    'javascript:alert(1)',
    '/media/../etc/passwd',
    `/media/${'a'.repeat(32)}-320.webp?x=1`,
    42,
    '',
  ]) {
    const refused = await http.put('/api/me/avatar').set('Cookie', pia.cookie).send({ avatar }).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'avatar', message: 'Upload the photo first, then choose it' }]);
  }
  await http.put('/api/me/avatar').set('Cookie', pia.cookie).send({}).expect(400);
  await http.put('/api/me/avatar').set('Cookie', pia.cookie).send({ avatar: null, extra: 1 }).expect(400);
  await http.put('/api/me/avatar').set('Cookie', pia.cookie).send({ avatar: null }).expect(200);
});
