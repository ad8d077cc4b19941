import type { INestApplication } from '@nestjs/common';
import { durableConsumerName, EVENTS } from '@souvenir/contracts';
import {
  eventually,
  linkIn,
  mailsTo,
  settled,
  startMailDev,
  startService,
  startTestInfra,
  type MailDevServer,
  type TestInfra,
  type ServiceProcess,
} from '@souvenir/testing';
import request from 'supertest';
import { guestBuys, join, startGateway, type Account } from './gateway-harness';

/*
 * Guest and seller write to each other on the order, black-box over HTTP with the real services and a real MailDev:
 * the seller's message is kept on the order and mailed to the guest with a private link back to the order page,
 * where the guest answers; nobody else reads or writes (404); bad text is a 400 and writes are limited (429).
 */
let infra: TestInfra;
let maildev: MailDevServer;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;
let stranger: Account;

const PUBLIC_URL = 'http://localhost:3000';
let serial = 0;
const address = (name: string) => `${name}-${Date.now().toString(36)}${serial++}@example.com`;

beforeAll(async () => {
  infra = await startTestInfra();
  maildev = await startMailDev();
  const mail = { SMTP_URL: maildev.smtpUrl, PUBLIC_URL, MAIL_POLL_MS: '100' };
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra));
  services.push(await startService('notifications', infra, mail));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000', WRITE_LIMIT_MESSAGES: '12/60' });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'sami', 'Sami');
  stranger = await join(http, 'stew', 'Stew');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await maildev?.stop();
  await infra?.stop();
});

describe('guest and seller messages on a guest order', () => {
  it("the seller's message is kept, mailed to the guest with a link back, and the guest answers there", async () => {
    const email = address('gina');
    const { checkoutToken } = await guestBuys(http, seller, 'Woven basket', email);
    await eventually(async () => expect(await mailsTo(maildev.webUrl, email)).toHaveLength(1));
    const sales = await http.get('/api/orders?role=sales').set('Cookie', seller.cookie).expect(200);
    const orderId = sales.body.items.find((o: { product: { title: string } }) => o.product.title === 'Woven basket').id;

    const sent = await http
      .post(`/api/orders/${orderId}/messages`)
      .set('Cookie', seller.cookie)
      .send({ content: 'Hello! It ships <b>tomorrow</b>.' })
      .expect(201);
    expect(sent.body.items).toMatchObject([
      { from: 'seller', mine: true, content: 'Hello! It ships <b>tomorrow</b>.' },
    ]);

    const mail = await eventually(async () => {
      const found = (await mailsTo(maildev.webUrl, email)).find((m) => m.subject.startsWith('New message'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(mail.subject).toBe('New message about your order: Woven basket');
    expect(mail.text).toContain('Hello! It ships <b>tomorrow</b>.');
    // What the seller typed is escaped in the HTML part.
    expect(mail.html).toContain('&lt;b&gt;tomorrow&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>tomorrow</b>');
    const link = linkIn(mail, `${PUBLIC_URL}/orders/`)!;
    const ref = new URL(link).pathname.split('/').pop()!;
    expect(ref).not.toBe(checkoutToken);

    const guestView = await http.get(`/api/orders/${ref}/messages`).expect(200);
    expect(guestView.body).toMatchObject({ items: [{ from: 'seller', mine: false, authorName: 'Sami Traveller' }] });
    await http.post(`/api/orders/${ref}/messages`).send({ content: 'Great, thank you!' }).expect(201);

    const sellerView = await http.get(`/api/orders/${orderId}/messages`).set('Cookie', seller.cookie).expect(200);
    expect(sellerView.body.items.map((m: { content: string }) => m.content)).toEqual([
      'Hello! It ships <b>tomorrow</b>.',
      'Great, thank you!',
    ]);
    expect(sellerView.body.items[1]).toMatchObject({ from: 'buyer', mine: false, authorName: 'Gia Guest' });
    // The guest's own message is not mailed back to them: both messages applied by notifications, their mails sent.
    await settled(infra, {
      outboxes: ['payments'],
      consumers: [durableConsumerName('notifications', EVENTS.payments.orderMessageSent)],
    });
    await eventually(async () =>
      expect(
        await infra.database.query(
          `SELECT id FROM notifications.mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
        ),
      ).toEqual([]),
    );
    expect((await mailsTo(maildev.webUrl, email)).filter((m) => m.subject.startsWith('New message'))).toHaveLength(1);
  });

  it('nobody else reads or writes: a stranger, no session, a made-up token and a bad ref are 404', async () => {
    const { checkoutToken } = await guestBuys(http, seller, 'Tin lantern', address('gus'));
    const sales = await http.get('/api/orders?role=sales').set('Cookie', seller.cookie).expect(200);
    const orderId = sales.body.items.find((o: { product: { title: string } }) => o.product.title === 'Tin lantern').id;
    await http.get(`/api/orders/${orderId}/messages`).set('Cookie', stranger.cookie).expect(404);
    await http
      .post(`/api/orders/${orderId}/messages`)
      .set('Cookie', stranger.cookie)
      .send({ content: 'hi' })
      .expect(404);
    await http.get(`/api/orders/${orderId}/messages`).expect(404);
    await http.post(`/api/orders/${orderId}/messages`).send({ content: 'hi' }).expect(404);
    await http.get(`/api/orders/${checkoutToken.slice(0, -3)}abc/messages`).expect(404);
    await http.get('/api/orders/not%20a%20ref/messages').expect(404);
    await http.get(`/api/orders/${checkoutToken}/messages`).expect(200, { items: [], olderCursor: null });
  });

  it('refuses NUL, control characters, empty and over-long text with 400, and limits writes with 429', async () => {
    const { checkoutToken } = await guestBuys(http, seller, 'Paper kite', address('gwen'));
    const url = `/api/orders/${checkoutToken}/messages`;
    const nul = await http.post(url).send({ content: 'a\u0000b' }).expect(400);
    expect(nul.body.message).toEqual(expect.any(String));
    const control = await http.post(url).send({ content: 'ring \u0007 the bell' }).expect(400);
    expect(control.body.errors).toEqual([{ field: 'content', message: 'Message must not contain control characters' }]);
    const empty = await http.post(url).send({ content: '   ' }).expect(400);
    expect(empty.body.errors).toEqual([{ field: 'content', message: 'Message cannot be empty' }]);
    const long = await http
      .post(url)
      .send({ content: 'x'.repeat(2001) })
      .expect(400);
    expect(long.body.errors).toEqual([{ field: 'content', message: 'Message is too long (maximum 2000 characters)' }]);
    await http.post(url).send({ content: 'ok', extra: true }).expect(400);
    await http.get(`${url}?before=%00`).expect(400);
    await http.get(`${url}?before=nonsense!`).expect(400);

    let status = 201;
    for (let i = 0; i < 20 && status === 201; i++)
      status = (await http.post(url).send({ content: `hello ${i}` })).status;
    expect(status).toBe(429);
  });
});
