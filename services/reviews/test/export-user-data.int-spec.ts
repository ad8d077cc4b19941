import { randomUUID } from 'node:crypto';
import { exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { ReviewsConfig } from '../src/config/reviews.config';

// reviews's part of a person's data export: that person's rows only, every one once, page after page.

let db: Client;
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, ReviewsConfig, { cleanUp: () => db?.end() });

const ada = randomUUID();
const ben = randomUUID();
const sql = (text: string, values: unknown[] = []) => db.query(text, values);

beforeAll(async () => {
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  const review = async (
    author: string,
    subject: string,
    role: 'buyer' | 'seller',
    text: string,
    published: boolean,
  ) => {
    const orderId = randomUUID();
    await sql(
      `INSERT INTO reviews.orders (order_id, product_id, buyer_id, seller_id, completed_at, window_ends_at)
       VALUES ($1, $2, $3, $4, now(), now() + interval '14 days')`,
      [orderId, randomUUID(), role === 'buyer' ? author : subject, role === 'buyer' ? subject : author],
    );
    await sql(
      `INSERT INTO reviews.reviews (id, order_id, author_role, author_id, subject_id, rating, text, published_at)
       VALUES ($7, $1, $2, $3, $4, 5, $5, CASE WHEN $6 THEN now() END)`,
      [orderId, role, author, subject, text, published, randomUUID()],
    );
  };
  for (let i = 0; i < 203; i++) await review(ada, ben, 'buyer', `Ada wrote ${i}`, true);
  await review(ben, ada, 'seller', 'Ben wrote, published', true);
  await review(ben, ada, 'seller', 'Ben wrote, not yet published', false);
  await review(ben, randomUUID(), 'buyer', 'About someone else', true);
}, 60_000);

it('answers reviews written and those received once published, none about anyone else', async () => {
  const written = await exportSection(rpc, 'reviews.user.export', ada, 'written');
  expect(written.pages).toBe(2);
  expect(written.items).toHaveLength(203);
  const received = await exportSection(rpc, 'reviews.user.export', ada, 'received');
  expect(received.items.map((r) => r.text)).toEqual(['Ben wrote, published']);
  expect(JSON.stringify(received.items)).not.toContain(ben);
});
