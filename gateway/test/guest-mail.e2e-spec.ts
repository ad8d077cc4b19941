import { eventually, linkIn, mailsTo } from '@souvenir/testing';
import { guestBuys, join, type Account } from './gateway-harness';
import { gatewayWorld, PUBLIC_URL } from './gateway-world';

/*
 * Guests keep their order, black-box over HTTP with the real services and a real MailDev read through its
 * REST API: a guest's checkout mails a receipt whose private link opens the order through the gateway; "Find my
 * order" answers the same for any address and mails the links only to an address that paid.
 */
const { maildev, http } = gatewayWorld({
  services: ['identity', 'catalog', 'payments', 'notifications'],
  mail: true,
  gateway: { RPC_TIMEOUT_MS: '4000' },
});

let seller: Account;

let serial = 0;
const address = (name: string) => `${name}-${Date.now().toString(36)}${serial++}@example.com`;

beforeAll(async () => {
  seller = await join(http, 'selma', 'Selma');
});

describe("a guest's receipt", () => {
  it('arrives at the address they paid with, and its private link opens the order (the tab may be long closed)', async () => {
    const email = address('gia');
    await guestBuys(http, seller, 'Alpaca scarf', email);
    await eventually(async () => expect(await mailsTo(maildev.webUrl, email)).toHaveLength(1));
    const [receipt] = await mailsTo(maildev.webUrl, email);
    expect(receipt!.subject).toBe('Your Souvenir Swap receipt: Alpaca scarf');
    expect(receipt!.text).toContain('Hello Gia,');
    expect(receipt!.html).toContain('Alpaca scarf');

    const link = linkIn(receipt!, `${PUBLIC_URL}/orders/`)!;
    expect(link).toMatch(/\/orders\/[A-Za-z0-9_-]{32}$/);
    const ref = new URL(link).pathname.split('/').pop()!;
    const order = await http.get(`/api/orders/${ref}`).expect(200);
    expect(order.body.product.title).toBe('Alpaca scarf');
    // The link is for that guest's order alone: a made-up one is the same 404 as any stranger's.
    await http.get(`/api/orders/${ref.slice(0, -2)}xx`).expect(404);
    // The seller is told of the sale at their account's address.
    await eventually(async () =>
      expect((await mailsTo(maildev.webUrl, 'selma@example.com')).map((m) => m.subject)).toContain(
        'You made a sale on Souvenir Swap',
      ),
    );
  });
});

describe('Find my order', () => {
  it('answers 202 and the same sentence whether or not the address paid, and mails only the one that did', async () => {
    const buyer = address('finn');
    const nobody = address('nobody');
    await guestBuys(http, seller, 'Clay whistle', buyer);
    await eventually(async () => expect(await mailsTo(maildev.webUrl, buyer)).toHaveLength(1));

    const known = await http.post('/api/orders/find').send({ email: buyer.toUpperCase() }).expect(202);
    const unknown = await http.post('/api/orders/find').send({ email: nobody }).expect(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toMatch(/If you paid with this address/);

    await eventually(async () => expect(await mailsTo(maildev.webUrl, buyer)).toHaveLength(2));
    const found = (await mailsTo(maildev.webUrl, buyer)).find((m) => m.subject === 'Your Souvenir Swap orders')!;
    const link = linkIn(found, `${PUBLIC_URL}/orders/`)!;
    const order = await http.get(new URL(link).pathname.replace('/orders/', '/api/orders/')).expect(200);
    expect(order.body.product.title).toBe('Clay whistle');
    expect(await mailsTo(maildev.webUrl, nobody)).toHaveLength(0);
  });

  it('refuses what is not an address with a sentence, and limits requests per address', async () => {
    const bad = await http.post('/api/orders/find').send({ email: 'not-an-address' }).expect(400);
    expect(bad.body.message).toBe('Invalid email address');
    await http.post('/api/orders/find').send({ email: 'a@b.example', extra: 1 }).expect(400);

    const email = address('flood');
    for (let i = 0; i < 3; i++) await http.post('/api/orders/find').send({ email }).expect(202);
    const limited = await http.post('/api/orders/find').send({ email }).expect(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body.message).toBe('Too many attempts. Please try again later.');
  });
});
