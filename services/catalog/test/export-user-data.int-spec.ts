import { randomUUID } from 'node:crypto';
import { exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';

// catalog's part of a person's data export: that person's rows only, every one once, page after page.

let db: Client;
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, { cleanUp: () => db?.end() });

const ada = randomUUID();
const ben = randomUUID();
const sql = (text: string, values: unknown[] = []) => db.query(text, values);

beforeAll(async () => {
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  for (const id of [ada, ben]) {
    await sql(`INSERT INTO catalog.sellers (id, first_name, last_name, version) VALUES ($1, 'S', 'T', 1)`, [id]);
  }
  const listing = (seller: string, title: string) =>
    sql(
      `INSERT INTO catalog.products (seller_id, title, description, price, condition, category, country, images, provenance)
       VALUES ($1, $2, 'A souvenir with a long enough description.', 12, 'new', 'Art & Crafts', 'Japan',
         ARRAY['/media/${'b'.repeat(32)}-1600.webp'], '{"shop": "Kyoto market"}')`,
      [seller, title],
    );
  for (let i = 0; i < 210; i++) await listing(ada, `Ada's ${i}`);
  await listing(ben, "Ben's only");
}, 60_000);

it('answers every listing of the person with its photos and provenance, none of anyone else', async () => {
  const { items, pages } = await exportSection(rpc, 'catalog.user.export', ada, 'listings');
  expect(pages).toBe(2);
  expect(items).toHaveLength(210);
  expect(new Set(items.map((l) => l.id)).size).toBe(210);
  expect(items.map((l) => l.title)).not.toContain("Ben's only");
  expect(items[0]).toMatchObject({
    images: [`/media/${'b'.repeat(32)}-1600.webp`],
    provenance: { shop: 'Kyoto market' },
  });
});

it("answers the person's away mode while it is on, and nothing for someone who is not away", async () => {
  await sql(`UPDATE catalog.sellers SET away_until = current_date + 5, away_message = 'On holiday' WHERE id = $1`, [
    ada,
  ]);
  const away = await exportSection(rpc, 'catalog.user.export', ada, 'away-mode');
  expect(away.items).toEqual([{ until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), message: 'On holiday' }]);
  expect((await exportSection(rpc, 'catalog.user.export', ben, 'away-mode')).items).toEqual([]);
});
