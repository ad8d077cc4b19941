import { randomUUID } from 'node:crypto';
import { exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { FavouritesConfig } from '../src/config/favourites.config';

// favourites's part of a person's data export: that person's rows only, every one once, page after page.

let db: Client;
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, FavouritesConfig, { cleanUp: () => db?.end() });

const ada = randomUUID();
const ben = randomUUID();
const sql = (text: string, values: unknown[] = []) => db.query(text, values);

beforeAll(async () => {
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  const favourite = async (user: string, title: string) => {
    const productId = randomUUID();
    await sql(`INSERT INTO favourites.product_cards (product_id, seller_id, card) VALUES ($1, $2, $3)`, [
      productId,
      randomUUID(),
      JSON.stringify({ id: productId, title }),
    ]);
    await sql(
      `INSERT INTO favourites.favourites (user_id, product_id, is_active, version, favourited_at) VALUES ($1, $2, true, 1, now())`,
      [user, productId],
    );
  };
  for (let i = 0; i < 205; i++) await favourite(ada, `Ada's ${i}`);
  await favourite(ben, "Ben's only");
}, 60_000);

it('answers the person’s favourites with the product as stored, none of anyone else', async () => {
  const { items, pages } = await exportSection(rpc, 'favourites.user.export', ada, 'favourites');
  expect(pages).toBe(2);
  expect(items).toHaveLength(205);
  expect(new Set(items.map((f) => f.productId)).size).toBe(205);
  expect(JSON.stringify(items)).not.toContain("Ben's only");
  expect(items[0]!.product).toMatchObject({ title: expect.stringMatching(/^Ada's/) });
});
