import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS, type OrderPaidEvent } from '@souvenir/contracts';
import { eventually, startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import request from 'supertest';
import { join, startGateway, type Account } from './gateway-harness';

/**
 * A rendered product page says what is true now. A web build whose stand-in server bundle renders the
 * product's status and origin level, as the real page shows Buy Now or Sold and the origin badge.
 */
const dist = mkdtempSync(joinPath(tmpdir(), 'web-dist-'));
const SHELL = '<html><head><title>Souvenir Swap</title></head><body><div id="root"></div></body></html>';
writeFileSync(joinPath(dist, 'index.html'), '<html><head></head><body><div id="root">Home</div></body></html>');
writeFileSync(joinPath(dist, 'spa.html'), SHELL);
writeFileSync(joinPath(dist, 'product.html'), SHELL);
mkdirSync(joinPath(dist, 'server'));
writeFileSync(
  joinPath(dist, 'server', 'prerender.js'),
  `export async function renderProductPage(product) {
     return { html: '<p data-status="' + product.status + '" data-origin="' + product.originLevel + '"></p>', styles: '' };
   }`,
);

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let nc: NatsConnection;
let seller: Account;
let support: Account;

const listing = (extra: Record<string, unknown> = {}) => ({
  title: 'Carved wooden mask',
  description: 'Carved by hand in Bali and carried home wrapped in a sarong.',
  price: '48.00',
  condition: 'good',
  category: 'Art & Crafts',
  country: 'Indonesia',
  images: ['https://example.com/mask.jpg'],
  ...extra,
});
const list = async (extra: Record<string, unknown> = {}): Promise<string> =>
  (await http.post('/api/products').set('Cookie', seller.cookie).send(listing(extra)).expect(201)).body.id;

/** What the page as sent says: its status and origin level, or 'shell' when it names no product. */
async function pageSays(id: string): Promise<string> {
  const res = await http.get(`/product/${id}`).expect(200);
  const shown = /data-status="(\w+)" data-origin="([\w-]+)"/.exec(res.text);
  return shown ? `${shown[1]} ${shown[2]}` : res.text === SHELL ? 'shell' : res.text;
}

/** Well under the minute a product read is kept: only the change's event can have made the page current. */
const AT_ONCE_MS = 5_000;

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  gateway = await startGateway(infra, { WEB_DIST: dist, ALLOWED_ORIGINS: 'https://souvenirswap.example' });
  http = request(gateway.getHttpServer());
  nc = await connect({ servers: infra.natsUrl });
  seller = await join(http, 'carver', 'Wayan');
  support = await join(http, 'suki', 'Suki');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
});

afterAll(async () => {
  await nc?.close();
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('a rendered product page', () => {
  it('says Sold as soon as the item is paid for, not a kept Buy Now', async () => {
    const id = await list();
    expect(await pageSays(id)).toBe('active null');
    const paid: OrderPaidEvent = {
      orderId: randomUUID(),
      productId: id,
      sellerId: seller.id,
      buyerUserId: null,
      amountCents: 4800,
      currency: 'usd',
      occurredAt: new Date().toISOString(),
    };
    await jetstream(nc).publish(EVENTS.payments.orderPaid, JSON.stringify(paid), { msgID: randomUUID() });
    await eventually(async () => expect(await pageSays(id)).toBe('sold null'), AT_ONCE_MS);
  });

  it("shows support's origin decision at once", async () => {
    const id = await list({ provenance: { documents: ['https://example.com/receipt.jpg'] } });
    expect(await pageSays(id)).toBe('active documented');
    await http
      .post(`/api/support/provenance/${id}/decision`)
      .set('Cookie', support.cookie)
      .send({ decision: 'approve' })
      .expect(200);
    await eventually(async () => expect(await pageSays(id)).toBe('active checked'), AT_ONCE_MS);
  });

  it('names no product once the seller removed it', async () => {
    const id = await list();
    expect(await pageSays(id)).toBe('active null');
    await http.delete(`/api/products/${id}`).set('Cookie', seller.cookie).expect(204);
    await eventually(async () => expect(await pageSays(id)).toBe('shell'), AT_ONCE_MS);
  });
});
