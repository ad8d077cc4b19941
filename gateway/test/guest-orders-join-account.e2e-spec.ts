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
import { cookieOf, guestBuys, join, startGateway, type Account } from './gateway-harness';

/*
 * A guest who later registers with the address they paid with sees those orders in My Orders once the address is
 * verified by the mailed link, never before; black-box over HTTP with the real services and a real MailDev.
 */
let infra: TestInfra;
let maildev: MailDevServer;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let seller: Account;

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
    const { checkoutToken } = await guestBuys(http, seller, 'Carved spoon', email);
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
      consumers: [durableConsumerName('payments', EVENTS.identity.emailVerified)],
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
