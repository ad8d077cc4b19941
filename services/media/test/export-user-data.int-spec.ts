import { randomUUID } from 'node:crypto';
import { exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MediaConfig } from '../src/config/media.config';

// media's part of a person's data export: that person's rows only, every one once, page after page.

let db: Client;
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, MediaConfig, { cleanUp: () => db?.end() });

const ada = randomUUID();
const ben = randomUUID();
const sql = (text: string, values: unknown[] = []) => db.query(text, values);

beforeAll(async () => {
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  const upload = (owner: string, hash: string) =>
    sql(
      `INSERT INTO media.uploads (id, owner_id, hash, widths, byte_sizes, width, height, placeholder)
       VALUES ($1, $2, $3, '{320,800,1600}', '{1,2,3}', 2000, 1500, 'data:')`,
      [randomUUID(), owner, hash],
    );
  for (let i = 0; i < 202; i++) await upload(ada, i.toString(16).padStart(32, '0'));
  await upload(ben, 'f'.repeat(32));
}, 60_000);

it('answers the person’s uploads with the URL of their largest size, none of anyone else', async () => {
  const { items, pages } = await exportSection(rpc, 'media.user.export', ada, 'uploads');
  expect(pages).toBe(2);
  expect(items).toHaveLength(202);
  expect(items[0]!.url).toMatch(/^\/media\/[0-9a-f]{32}-1600\.webp$/);
  expect(items.map((u) => u.url)).not.toContain(`/media/${'f'.repeat(32)}-1600.webp`);
});
