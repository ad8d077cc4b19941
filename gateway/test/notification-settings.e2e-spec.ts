import { randomUUID } from 'node:crypto';
import { LOCKED_CHANNEL_MESSAGE } from '@souvenir/contracts';
import { eventually, mailHeaders, mailsTo } from '@souvenir/testing';
import { join, type Account } from './gateway-harness';
import { gatewayWorld, PUBLIC_URL } from './gateway-world';

/**
 * Notification settings through the gateway over HTTP, with identity, catalog, messaging and notifications and a real
 * MailDev: a message is mailed, and its List-Unsubscribe link, taken from the mail's own headers, is posted to as a
 * mail client does (form body, no Origin, no session).
 */
const { maildev, http } = gatewayWorld({ services: ['identity', 'notifications', 'catalog', 'messaging'], mail: true });

let seller: Account;
let buyer: Account;
let productId: string;
let sellerEmail: string;

beforeAll(async () => {
  const sellerName = `sela${randomUUID().slice(0, 6)}`;
  sellerEmail = `${sellerName}@example.com`;
  seller = await join(http, sellerName, 'Sela');
  buyer = await join(http, `bo${randomUUID().slice(0, 6)}`, 'Bo');
  const product = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title: 'Kyoto tea vase',
      description: 'Hand-thrown ceramic vase bought in Kyoto, customs cleared.',
      price: 45,
      condition: 'like-new',
      category: 'Home Decor',
      country: 'Japan',
      images: ['https://example.com/vase.jpg'],
      isCustomsVerified: true,
    })
    .expect(201);
  productId = product.body.id;
});

const messageMails = async (email: string) =>
  (await mailsTo(maildev.webUrl, email)).filter((m) => m.subject.includes('sent you a message'));
const sendMessage = (content: string) =>
  http.post('/api/messages').set('Cookie', buyer.cookie).send({ toUserId: seller.id, productId, content }).expect(201);

describe('GET/PUT /api/me/notification-settings', () => {
  it('needs sign-in', async () => {
    await http.get('/api/me/notification-settings').expect(401);
    await http.put('/api/me/notification-settings').send({ kinds: {} }).expect(401);
  });

  it('answers the defaults, saves a change and answers it back', async () => {
    const res = await http.get('/api/me/notification-settings').set('Cookie', buyer.cookie).expect(200);
    expect(Object.keys(res.body.kinds).sort()).toEqual(
      ['accountSecurity', 'marketing', 'messages', 'offers', 'orders', 'priceDrops', 'reviews', 'savedSearches'].sort(),
    );
    expect(res.body.kinds.marketing).toEqual({ inApp: true, email: false });
    expect(res.body.kinds.offers).toEqual({ inApp: true, email: true });

    const put = await http
      .put('/api/me/notification-settings')
      .set('Cookie', buyer.cookie)
      .send({
        kinds: { ...res.body.kinds, offers: { inApp: false, email: false } },
        quietHours: { start: '22:00', end: '07:30', timeZone: 'Europe/Lisbon' },
        digest: 'daily',
      })
      .expect(200);
    expect(put.body.kinds.offers).toEqual({ inApp: false, email: false });
    const again = await http.get('/api/me/notification-settings').set('Cookie', buyer.cookie).expect(200);
    expect(again.body).toMatchObject({
      kinds: { offers: { inApp: false, email: false } },
      quietHours: { start: '22:00', end: '07:30', timeZone: 'Europe/Lisbon' },
      digest: 'daily',
    });
    // Another person's settings are untouched.
    const theirs = await http.get('/api/me/notification-settings').set('Cookie', seller.cookie).expect(200);
    expect(theirs.body).toMatchObject({ kinds: { offers: { inApp: true, email: true } }, digest: 'off' });
  });

  it('refuses locked channels and bad input with a 400 and a sentence, never a 5xx', async () => {
    const locked = await http
      .put('/api/me/notification-settings')
      .set('Cookie', buyer.cookie)
      .send({ kinds: { accountSecurity: { inApp: true, email: false } } })
      .expect(400);
    expect(locked.body.message).toBe(LOCKED_CHANNEL_MESSAGE);
    const bad: unknown[] = [
      {},
      { kinds: { spam: { inApp: true, email: true } } },
      { kinds: { messages: { inApp: 'true', email: true } } },
      { kinds: { messages: { inApp: true } } },
      { kinds: 'all' },
      { kinds: {}, quietHours: { start: '22:00', end: '08:00', timeZone: 'Nowhere/City' } },
      { kinds: {}, quietHours: { start: '22:00\u0000', end: '08:00', timeZone: 'UTC' } },
      { kinds: {}, quietHours: { start: '22:00', end: '08:00', timeZone: 'x'.repeat(100_000) } },
      { kinds: {}, digest: 'hourly' },
      { kinds: {}, extra: true },
      [1, 2],
    ];
    for (const body of bad) {
      const res = await http
        .put('/api/me/notification-settings')
        .set('Cookie', buyer.cookie)
        .send(body as object);
      expect([400, 413]).toContain(res.status);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('one-click unsubscribe from a real e-mail', () => {
  it('a message is mailed with List-Unsubscribe; POSTing it as a mail client does turns message e-mail off', async () => {
    const email = sellerEmail;
    await sendMessage('Is the vase still available?');
    await eventually(async () => expect(await messageMails(email)).toHaveLength(1), 15_000);
    const [mail] = await messageMails(email);
    const headers = await mailHeaders(maildev.webUrl, mail!);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(headers['list-unsubscribe']!)![1]!);
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toMatch(/^\/api\/unsubscribe\/[\w-]+\.[\w-]+$/);
    expect(mail!.text).toContain(url.toString());

    // A GET (a link scanner, a person's click) changes nothing: it leads to the web app's page.
    const page = await http.get(url.pathname).expect(303);
    expect(page.headers.location).toBe(`/unsubscribe?token=${url.pathname.split('/').pop()}`);
    expect((await http.get('/api/me/notification-settings').set('Cookie', seller.cookie)).body.kinds.messages).toEqual({
      inApp: true,
      email: true,
    });

    // A forged token: 400, nothing changes.
    const [payload] = url.pathname.split('/').pop()!.split('.');
    await http
      .post(`/api/unsubscribe/${payload}.${'B'.repeat(43)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(400);
    // Only a token-shaped path is exempt from the JSON rule; anything else is refused before it reaches a service.
    await http.post('/api/unsubscribe/not-a-token').type('form').send('List-Unsubscribe=One-Click').expect(415);
    await http.post('/api/unsubscribe/not-a-token').send({}).expect(400);
    await http
      .post(`/api/unsubscribe/${'a'.repeat(400)}.b`)
      .send({})
      .expect(400);

    // The mail client's one-click: a form body, no Origin, no cookie.
    const done = await http.post(url.pathname).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(done.body).toEqual({ kind: 'messages' });
    const after = await http.get('/api/me/notification-settings').set('Cookie', seller.cookie).expect(200);
    expect(after.body.kinds.messages).toEqual({ inApp: true, email: false });

    // No more message mail; the message itself still arrives.
    await sendMessage('Hello again');
    await eventually(async () => {
      const conversations = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
      expect(JSON.stringify(conversations.body)).toContain('Hello again');
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await messageMails(email)).toHaveLength(1);
  }, 60_000);

  it('other state-changing routes still refuse a form body and a foreign Origin', async () => {
    await http
      .put('/api/me/notification-settings')
      .set('Cookie', buyer.cookie)
      .type('form')
      .send('kinds=1')
      .expect(415);
    await http
      .put('/api/me/notification-settings')
      .set('Cookie', buyer.cookie)
      .set('Origin', 'https://evil.example')
      .send({ kinds: {} })
      .expect(403);
  });
});
