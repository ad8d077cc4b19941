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
} from '@souvenir/testing';
import request from 'supertest';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../services/catalog/src/app.module';
import { CatalogConfig } from '../../services/catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import {
  AppModule as NotificationsModule,
  SERVICE_NAME as NOTIFICATIONS,
} from '../../services/notifications/src/app.module';
import { NotificationsConfig } from '../../services/notifications/src/config/notifications.config';
import { AppModule as PaymentsModule, SERVICE_NAME as PAYMENTS } from '../../services/payments/src/app.module';
import { PaymentsConfig } from '../../services/payments/src/config/payments.config';
import { cookieOf, join, startGateway, type Account } from './gateway-harness';

/*
 * A guest who later registers with the address they paid with sees those orders in My Orders once the address is
 * verified by the mailed link, never before; black-box over HTTP with the real services and a real MailDev.
 */
let infra: TestInfra;
let maildev: MailDevServer;
const services: INestApplication[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;

const PUBLIC_URL = 'http://localhost:3000';
const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};
let serial = 0;
const address = (name: string) => `${name}-${Date.now().toString(36)}${serial++}@example.com`;

async function guestBuys(title: string, email: string): Promise<{ checkoutToken: string; productId: string }> {
  const product = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title,
      description: 'Hand-made souvenir bought on the road, customs cleared.',
      price: 30,
      condition: 'new',
      category: 'Home Decor',
      country: 'Peru',
      images: ['https://example.com/p.jpg'],
    })
    .expect(201);
  const guestInfo = {
    email,
    firstName: 'Gia',
    lastName: 'Guest',
    billingStreet: '1 Main St',
    billingCity: 'Springfield',
    billingZip: '10001',
    sameAsDelivery: true,
  };
  const intent = await http
    .post('/api/create-payment-intent')
    .send({ productId: product.body.id, amount: 30, guestInfo })
    .expect(200);
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.body.clientSecret, card: goodCard })
    .expect(200, { status: 'succeeded' });
  const paid = await http
    .post('/api/payments/reconcile')
    .send({ paymentIntentId: intent.body.paymentIntentId, clientSecret: intent.body.clientSecret })
    .expect(200);
  expect(paid.body.status).toBe('paid');
  return { checkoutToken: intent.body.checkoutToken, productId: product.body.id };
}

beforeAll(async () => {
  infra = await startTestInfra();
  maildev = await startMailDev();
  const mail = { SMTP_URL: maildev.smtpUrl, PUBLIC_URL, MAIL_POLL_MS: '100' };
  services.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  services.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra));
  services.push(await startService(PAYMENTS, PaymentsConfig, (c) => PaymentsModule.register(c), infra));
  services.push(
    await startService(NOTIFICATIONS, NotificationsConfig, (c) => NotificationsModule.register(c), infra, mail),
  );
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000' });
  http = request(gateway.getHttpServer());
  seller = await join(http, 'sofi', 'Sofi');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await maildev?.stop();
  await infra?.stop();
});

describe('guest orders in My Orders after registering', () => {
  it('appear once the address is verified, not before, and the private link keeps opening them', async () => {
    const email = address('greta');
    const { checkoutToken } = await guestBuys('Carved spoon', email);
    await eventually(async () => expect(await mailsTo(maildev.webUrl, email)).toHaveLength(1));

    const registered = await http
      .post('/api/auth/register')
      .send({ email, password: 'secret1', username: `greta${serial++}`, firstName: 'Greta', lastName: 'Guest' })
      .expect(201);
    const cookie = cookieOf(registered);
    const verification = await eventually(async () => {
      const found = (await mailsTo(maildev.webUrl, email)).find((m) => linkIn(m, `${PUBLIC_URL}/verify-email?token=`));
      expect(found).toBeDefined();
      return found!;
    });
    // Unverified: typing someone's address at registration claims none of their orders (payments claims on a
    // verified address: whatever identity announced has reached it by now).
    await settled(infra, {
      outboxes: ['identity'],
      consumers: [durableConsumerName(PAYMENTS, EVENTS.identity.emailVerified)],
    });
    const before = await http.get('/api/orders?role=purchases').set('Cookie', cookie).expect(200);
    expect(before.body.items).toEqual([]);

    const token = new URL(linkIn(verification, `${PUBLIC_URL}/verify-email?token=`)!).searchParams.get('token');
    await http.post('/api/auth/verify-email').set('Cookie', cookie).send({ token }).expect(204);
    const after = await eventually(async () => {
      const page = await http.get('/api/orders?role=purchases').set('Cookie', cookie).expect(200);
      expect(page.body.items).toHaveLength(1);
      return page.body.items[0];
    });
    expect(after.product.title).toBe('Carved spoon');
    const order = await http.get(`/api/orders/${after.id}`).set('Cookie', cookie).expect(200);
    expect(order.body).toMatchObject({ viewer: 'buyer', buyer: { id: registered.body.id } });
    await http.get(`/api/orders/${checkoutToken}`).expect(200);
  });
});
