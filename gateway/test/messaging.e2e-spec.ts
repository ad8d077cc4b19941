import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { LIMITS, MESSAGES } from '@souvenir/contracts';
import { eventually, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import request from 'supertest';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../services/catalog/src/app.module';
import { CatalogConfig } from '../../services/catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { MessagingConfig } from '../../services/messaging/src/config/messaging.config';
import { AppModule as MessagingModule, SERVICE_NAME as MESSAGING } from '../../services/messaging/src/app.module';
import { join, startGateway, type Account } from './gateway-harness';

let infra: TestInfra;
const services: INestApplication[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;

let seller: Account;
let buyer: Account;
let stranger: Account;
let productId: string;


beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  services.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra));
  services.push(await startService(MESSAGING, MessagingConfig, (c) => MessagingModule.register(c), infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '3000' });
  http = request(gateway.getHttpServer());

  seller = await join(http, 'sora', 'Sora');
  buyer = await join(http, 'bea', 'Bea');
  stranger = await join(http, 'theo', 'Theo');
  const product = await http.post('/api/products').set('Cookie', seller.cookie).send({
    title: 'Kyoto tea vase', description: 'Hand-thrown ceramic vase bought in Kyoto, customs cleared.', price: 45,
    condition: 'like-new', category: 'Home Decor', country: 'Japan', images: ['https://example.com/vase.jpg'], isCustomsVerified: true,
  }).expect(201);
  productId = product.body.id;
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('messages over HTTP', () => {
  it('needs sign-in for every messages route (401)', async () => {
    await http.get('/api/messages/conversations').expect(401);
    await http.get('/api/messages/unread-count').expect(401);
    await http.get(`/api/messages/${randomUUID()}`).expect(401);
    const res = await http.post('/api/messages').send({ toUserId: randomUUID(), productId: randomUUID(), content: 'Hi' }).expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: expect.any(String) });
  });

  it('lets a buyer write to the seller, who sees the conversation unread, opens it (read) and replies', async () => {
    const sent = await http.post('/api/messages').set('Cookie', buyer.cookie)
      .send({ toUserId: seller.id, productId, content: '  Is the vase still available?  ' }).expect(201);
    expect(sent.body).toMatchObject({
      fromUserId: buyer.id, toUserId: seller.id, productId, content: 'Is the vase still available?', isRead: false,
      fromUser: { id: buyer.id, firstName: 'Bea', lastName: 'Traveller' },
      toUser: { id: seller.id, firstName: 'Sora', lastName: 'Traveller' },
      product: { id: productId, title: 'Kyoto tea vase' },
    });

    const inbox = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
    expect(inbox.body).toHaveLength(1);
    expect(inbox.body[0]).toMatchObject({ id: sent.body.id, unreadCount: 1, fromUser: { firstName: 'Bea' }, product: { title: 'Kyoto tea vase' } });
    await http.get('/api/messages/unread-count').set('Cookie', seller.cookie).expect(200, { count: 1 });

    const thread = await http.get(`/api/messages/${buyer.id}`).query({ productId }).set('Cookie', seller.cookie).expect(200);
    expect(thread.body.map((m: { content: string }) => m.content)).toEqual(['Is the vase still available?']);
    await http.get('/api/messages/unread-count').set('Cookie', seller.cookie).expect(200, { count: 0 });
    const afterOpen = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
    expect(afterOpen.body[0].unreadCount).toBe(0);

    await http.post('/api/messages').set('Cookie', seller.cookie).send({ toUserId: buyer.id, productId, content: 'Yes! Still here.' }).expect(201);

    const buyerInbox = await http.get('/api/messages/conversations').set('Cookie', buyer.cookie).expect(200);
    expect(buyerInbox.body).toHaveLength(1);
    expect(buyerInbox.body[0]).toMatchObject({ content: 'Yes! Still here.', fromUserId: seller.id, unreadCount: 1 });
    const buyerThread = await http.get(`/api/messages/${seller.id}`).set('Cookie', buyer.cookie).expect(200);
    expect(buyerThread.body.map((m: { content: string; isRead: boolean }) => [m.content, m.isRead])).toEqual([
      ['Is the vase still available?', true], ['Yes! Still here.', true],
    ]);
  });

  it('shows a third user nothing of it and does not let them join', async () => {
    await http.get('/api/messages/conversations').set('Cookie', stranger.cookie).expect(200, []);
    await http.get(`/api/messages/${seller.id}`).query({ productId }).set('Cookie', stranger.cookie).expect(200, []);
    await http.get(`/api/messages/${buyer.id}`).set('Cookie', stranger.cookie).expect(200, []);
    await http.get('/api/messages/unread-count').set('Cookie', stranger.cookie).expect(200, { count: 0 });
    await http.post('/api/messages').set('Cookie', stranger.cookie).send({ toUserId: buyer.id, productId, content: 'Me too!' }).expect(403);
  });

  it('refuses messages to yourself (403) and about unknown products (404)', async () => {
    await http.post('/api/messages').set('Cookie', seller.cookie).send({ toUserId: seller.id, productId, content: 'Note to self' }).expect(403);
    await http.post('/api/messages').set('Cookie', buyer.cookie).send({ toUserId: buyer.id, productId, content: 'Note to self' }).expect(403);
    await http.post('/api/messages').set('Cookie', buyer.cookie).send({ toUserId: seller.id, productId: randomUUID(), content: 'Hello?' }).expect(404);
  });

  it('refuses empty, whitespace and over-long content with 400 and the spec message', async () => {
    for (const content of ['', '   ', 'x'.repeat(LIMITS.messageMax + 1)]) {
      const res = await http.post('/api/messages').set('Cookie', buyer.cookie).send({ toUserId: seller.id, productId, content }).expect(400);
      const message = content.length > LIMITS.messageMax ? MESSAGES.messageMax : MESSAGES.messageRequired;
      expect(res.body).toEqual({ statusCode: 400, message, errors: [{ field: 'content', message }] });
    }
    await http.post('/api/messages').set('Cookie', buyer.cookie).send({ toUserId: seller.id, productId }).expect(400);
    await http.post('/api/messages').set('Cookie', buyer.cookie).send({ toUserId: seller.id, productId, content: 'Hi', isRead: true }).expect(400);
    await eventually(async () => {
      const thread = await http.get(`/api/messages/${seller.id}`).set('Cookie', buyer.cookie).expect(200);
      expect(thread.body).toHaveLength(2);
    });
  });

  it('answers 404 for a user id that is not a UUID and 400 for a productId query that is not one', async () => {
    await http.get('/api/messages/not-a-uuid').set('Cookie', buyer.cookie).expect(404);
    const res = await http.get(`/api/messages/${seller.id}`).query({ productId: 'nope' }).set('Cookie', buyer.cookie).expect(400);
    expect(res.body.errors).toEqual([{ field: 'productId', message: expect.any(String) }]);
  });
});
