import { randomUUID } from 'node:crypto';
import { exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { PaymentsConfig } from '../src/config/payments.config';

// payments' part of a person's data export: their orders (bought and sold), addresses, payouts and ledger lines.

let db: Client;
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, PaymentsConfig, {
  cleanUp: () => db?.end(),
});

const ada = randomUUID();
const ben = randomUUID();
const cleo = randomUUID();

beforeAll(async () => {
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  // Orders between ada and ben, and many of cleo's own, which must never reach ada.
  const order = (buyer: string, seller: string, title: string) =>
    db.query(
      `INSERT INTO payments.orders (id, product_id, product_title, product_image, seller_id, buyer_user_id, contact_email,
         contact_first_name, contact_last_name, billing_address, delivery_address, amount_cents, currency, provider,
         status, seller_name)
       VALUES ($1, $2, $3, 'https://example.com/a.jpg', $4, $5, 'buyer@example.com', 'B', 'Uyer', '{}', '{}', 2500,
         'usd', 'test', 'paid', 'Seller')`,
      [randomUUID(), randomUUID(), title, seller, buyer],
    );
  await order(ada, ben, 'Bought by ada');
  await order(ben, ada, 'Sold by ada');
  for (let i = 0; i < 5; i++) await order(cleo, ben, `Cleo's ${i}`);
  const address = (user: string, line1: string) =>
    db.query(
      `INSERT INTO payments.saved_addresses (user_id, first_name, last_name, line1, city, postcode, country)
       VALUES ($1, 'A', 'B', $2, 'Lisbon', '1000-001', 'Portugal')`,
      [user, line1],
    );
  const offer = (buyer: string, seller: string, title: string) =>
    db.query(
      `INSERT INTO payments.offers (product_id, product_title, list_price_cents, seller_id, seller_first_name,
         seller_last_name, buyer_id, buyer_first_name, buyer_last_name, offered_cents, amount_cents, status, expires_at)
       VALUES ($1, $2, 2500, $3, 'Ben', 'B', $4, 'Ada', 'A', 2000, 2000, 'pending', now() + interval '1 day')`,
      [randomUUID(), title, seller, buyer],
    );
  await offer(ada, ben, 'Offered by ada');
  await offer(cleo, ada, 'Offered to ada');
  await offer(cleo, ben, "Cleo's offer");
  for (let i = 0; i < 230; i++) await address(ada, `${i} Rua Augusta`);
  await address(cleo, 'Cleo street');
}, 60_000);

it('answers only the person’s own orders, in both roles, with the buyer’s contact only to the buyer', async () => {
  const { items } = await exportSection(rpc, 'payments.user.export', ada, 'orders');
  expect(items.map((o) => [o.productTitle, o.role])).toEqual([
    ['Bought by ada', 'buyer'],
    ['Sold by ada', 'seller'],
  ]);
  expect(items[0].contact).toMatchObject({ email: 'buyer@example.com' });
  expect(items[1].contact).toBeNull();
  expect(items[0].moneyLines).toEqual([]);
});

it('pages a long section by keyset, every row once, none of anyone else’s', async () => {
  const { items, pages } = await exportSection(rpc, 'payments.user.export', ada, 'addresses');
  expect(pages).toBe(2);
  expect(items).toHaveLength(230);
  expect(new Set(items.map((a) => a.id)).size).toBe(230);
  expect(items.map((a) => a.line1)).not.toContain('Cleo street');
  expect((await exportSection(rpc, 'payments.user.export', ada, 'payouts')).items).toEqual([]);
  expect((await exportSection(rpc, 'payments.user.export', ada, 'ledger')).items).toEqual([]);
});

it('answers the offers the person made or received, naming the other party by id only', async () => {
  const { items } = await exportSection(rpc, 'payments.user.export', ada, 'offers');
  expect(items.map((o) => [o.productTitle, o.role, o.otherPartyId])).toEqual([
    ['Offered by ada', 'buyer', ben],
    ['Offered to ada', 'seller', cleo],
  ]);
  expect(items[0]).toMatchObject({ amountCents: 2000, status: 'pending', madeBy: 'buyer', items: [] });
  expect(JSON.stringify(items)).not.toMatch(/"Ben"|"Ada"/);
});

it('refuses a section it does not hold and a forged cursor', async () => {
  await expect(rpc.send('payments.user.export', { userId: ada, section: 'messages' })).rejects.toMatchObject({
    code: 'VALIDATION_FAILED',
  });
  await expect(
    rpc.send('payments.user.export', { userId: ada, section: 'orders', after: 'yesterday|x' }),
  ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
});
