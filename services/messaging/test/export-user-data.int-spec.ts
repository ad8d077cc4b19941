import { randomUUID } from 'node:crypto';
import { exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';

// messaging's part of a person's data export: that person's rows only, every one once, page after page.

let db: Client;
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, MessagingConfig, { cleanUp: () => db?.end() });

const ada = randomUUID();
const ben = randomUUID();
const sql = (text: string, values: unknown[] = []) => db.query(text, values);

beforeAll(async () => {
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  const cleo = randomUUID();
  const product = randomUUID();
  const message = (from: string, to: string, content: string) =>
    sql(`INSERT INTO messaging.messages (from_user_id, to_user_id, product_id, content) VALUES ($1, $2, $3, $4)`, [
      from,
      to,
      product,
      content,
    ]);
  // Long messages: the byte budget ends a page before the row count does.
  for (let i = 0; i < 150; i++) await message(i % 2 ? ada : ben, i % 2 ? ben : ada, `${i} ${'é'.repeat(1900)}`);
  await message(ben, cleo, 'Between Ben and Cleo');
}, 60_000);

it('answers both directions of the person’s messages, pages under the byte budget, none of anyone else', async () => {
  const { items, pages } = await exportSection(rpc, 'messaging.user.export', ada, 'messages');
  expect(pages).toBeGreaterThan(1);
  expect(items).toHaveLength(150);
  expect(items.map((m) => Number(String(m.content).split(' ')[0]))).toEqual([...Array(150).keys()]);
  expect(new Set(items.map((m) => m.direction))).toEqual(new Set(['sent', 'received']));
  expect(items.map((m) => m.content)).not.toContain('Between Ben and Cleo');
  const conversations = await exportSection(rpc, 'messaging.user.export', ada, 'conversations');
  expect(conversations.items.map((c) => c.otherUserId)).toEqual([ben]);
});
