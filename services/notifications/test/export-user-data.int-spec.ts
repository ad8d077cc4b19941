import { randomUUID } from 'node:crypto';
import { exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { NotificationsConfig } from '../src/config/notifications.config';

// notifications's part of a person's data export: that person's rows only, every one once, page after page.

let db: Client;
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, NotificationsConfig, { cleanUp: () => db?.end() });

const ada = randomUUID();
const ben = randomUUID();
const sql = (text: string, values: unknown[] = []) => db.query(text, values);

beforeAll(async () => {
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  const bell = (user: string, text: string) =>
    sql(
      `INSERT INTO notifications.notifications (id, user_id, kind, text, link) VALUES ($1, $2, 'order', $3, '/orders')`,
      [randomUUID(), user, text],
    );
  for (let i = 0; i < 201; i++) await bell(ada, `For Ada ${i}`);
  await bell(ben, 'For Ben');
}, 60_000);

it('answers the person’s bell items, none of anyone else', async () => {
  const { items, pages } = await exportSection(rpc, 'notifications.user.export', ada, 'notifications');
  expect(pages).toBe(2);
  expect(items).toHaveLength(201);
  expect(items.map((n) => n.text)).not.toContain('For Ben');
});
