import type { INestApplication } from '@nestjs/common';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { join, startGateway, type Account } from './gateway-harness';

/** `POST /api/products/{id}/relist` over real HTTP: owner only; a removed listing goes back on sale; else 409. */
let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let other: Account;

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  gateway = await startGateway(infra);
  http = request(gateway.getHttpServer());
  seller = await join(http, 'sami', 'Sami');
  other = await join(http, 'olga', 'Olga');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services) await service.close();
  await infra?.stop();
});

it('puts a removed listing back on sale for its owner only, and answers 409 with a sentence otherwise', async () => {
  const listed = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title: 'Painted fan from Kyoto',
      description: 'Bought at a temple market, kept in its box.',
      price: 18,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://example.com/fan.jpg'],
    })
    .expect(201);
  const id = listed.body.id as string;

  const onSale = await http.post(`/api/products/${id}/relist`).set('Cookie', seller.cookie).send({}).expect(409);
  expect(onSale.body).toMatchObject({ statusCode: 409, message: 'This listing is already on sale' });

  await http.delete(`/api/products/${id}`).set('Cookie', seller.cookie).expect(204);
  await http.get(`/api/products/${id}`).expect(404);
  await http.post(`/api/products/${id}/relist`).send({}).expect(401);
  await http.post(`/api/products/${id}/relist`).set('Cookie', other.cookie).send({}).expect(403);
  await http.post('/api/products/not-a-uuid/relist').set('Cookie', seller.cookie).send({}).expect(404);

  const back = await http.post(`/api/products/${id}/relist`).set('Cookie', seller.cookie).send({}).expect(200);
  expect(back.body).toMatchObject({ id, status: 'active', title: 'Painted fan from Kyoto' });
  const browse = await http.get('/api/products').expect(200);
  expect(browse.body.map((p: { id: string }) => p.id)).toContain(id);
});
