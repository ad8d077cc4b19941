import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import sharp from 'sharp';
import request from 'supertest';
import { join, startGateway, type Account } from './gateway-harness';

/*
 * A listing's receipt is evidence. Over real HTTP through the gateway and media: the public customs panel
 * says a document exists and links none, media refuses the receipt's photo without a signature, and support (who
 * reviews it) gets a short-lived signed link that opens it.
 */
/** What media answers a link to private evidence that is not (or no longer) signed: the words a person reads. */
const EVIDENCE_LINK_REFUSED =
  'This document is private. Open it from the page that shows it to you (its links last a few minutes).';

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let mediaDir: string;
let seller: Account;
let support: Account;

beforeAll(async () => {
  infra = await startTestInfra();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'gateway-evidence-'));
  services.push(await startService('identity', infra), await startService('catalog', infra));
  const media = await startService('media', infra, { MEDIA_DIR: mediaDir });
  services.push(media);
  const mediaUrl = (await media.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
  gateway = await startGateway(infra, { MEDIA_URL: new URL(mediaUrl).origin });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'collector', 'Cleo');
  support = await join(http, 'suki', 'Suki');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services) await service.close();
  await infra?.stop();
  await rm(mediaDir, { recursive: true, force: true });
});

async function upload(background: string): Promise<string> {
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const res = await http.post('/api/uploads').set('Cookie', seller.cookie).attach('file', photo, 'photo.jpg');
  expect(res.status).toBe(201);
  return res.body.url as string;
}

/** The path and query of a URL as the browser asks the site for it. */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost:3000');
  return parsed.pathname + parsed.search;
};

it("keeps a listing's receipt private: the panel only says it exists, and its photo opens only by support's signed link", async () => {
  const photo = await upload('#36c');
  const receipt = await upload('#c63');
  // Before the listing names it, the uploader's own preview opens it as any new upload.
  await http.get(receipt).expect(200);

  const listed = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title: 'Lacquered box from Hanoi',
      description: 'Bought at a workshop in the Old Quarter, with its receipt.',
      price: 40,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Vietnam',
      images: [`http://localhost:3000${photo}`],
      contents: ['wood'],
      provenance: { boughtCity: 'Hanoi', documents: [`http://localhost:3000${receipt}`] },
    })
    .expect(201);

  // Once media has heard of the listing, the receipt needs a signature; the listing's photo stays public.
  await eventually(async () => {
    const refused = await http.get(receipt);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(EVIDENCE_LINK_REFUSED);
  });
  const publicPhoto = await http.get(photo).expect(200);
  expect(publicPhoto.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  const receiptHash = receipt.slice('/media/'.length, receipt.lastIndexOf('-'));
  const panel = await http.get(`/api/products/${listed.body.id}/customs`).expect(200);
  expect(panel.body).toMatchObject({ hasDocuments: true, provenance: { boughtCity: 'Hanoi' } });
  expect(panel.text).not.toContain(receiptHash);

  const queue = await http.get('/api/support/provenance').set('Cookie', support.cookie).expect(200);
  const item = queue.body.find((i: { productId: string }) => i.productId === listed.body.id);
  const [signed] = item.provenance.documents as string[];
  expect(signed).toMatch(/\?expires=\d+&signature=[\w-]+$/);
  const opened = await http.get(pathOf(signed!)).expect(200);
  expect(opened.headers['content-type']).toBe('image/webp');
  expect(opened.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  // Every size of it opens with the same link; a forged or altered one does not.
  await http.get(pathOf(signed!).replace(/-\d+\.webp/, '-320.webp')).expect(200);
  await http.get(pathOf(signed!).replace(/signature=[\w-]+/, 'signature=forged')).expect(403);
  await http.get(pathOf(signed!).replace(/expires=\d+/, (e) => `expires=${Number(e.slice(8)) + 3600}`)).expect(403);
});
