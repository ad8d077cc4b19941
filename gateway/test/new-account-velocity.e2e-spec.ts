import { eventually } from '@souvenir/testing';
import { aListing, join, type Account } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/*
 * The new-account velocity rule over real HTTP: with thresholds of 3 an hour, a new account's 4th listing
 * is created held (202) and every later one that hour is 429 with a sentence and Retry-After; its 4th new person
 * written to is 429; 20 (or 8) writes at once let exactly 3 through; support finds the account in the queue (origin
 * velocity) and a dismissal puts the held listing on sale. An account older than NEW_ACCOUNT_DAYS is never slowed.
 */
const LIMIT = 3;
const { http, infra } = gatewayWorld({
  services: ['identity', 'catalog', 'messaging', 'moderation'],
  env: {
    catalog: { NEW_ACCOUNT_LISTINGS_PER_HOUR: String(LIMIT) },
    messaging: { NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR: String(LIMIT) },
  },
});

let support: Account;
/** Sellers with one listing each: the new people the buyers write to. */
const sellers: { account: Account; productId: string }[] = [];

const list = (seller: Account, title: string) =>
  http.post('/api/products').set('Cookie', seller.cookie).send(aListing(title));

const message = (from: Account, to: { account: Account; productId: string }, content = 'Is it still available?') =>
  http
    .post('/api/messages')
    .set('Cookie', from.cookie)
    .send({ toUserId: to.account.id, productId: to.productId, content });

interface QueueItem {
  reportId: string;
  subjectType: string;
  subjectId: string;
  origin: string;
  matchedKeywords: string[];
  content: { title: string };
}

async function caseAbout(userId: string): Promise<QueueItem | undefined> {
  const items: QueueItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: QueueItem[]; nextCursor: string | null } = (
      await http
        .get(`/api/support/reports${cursor ? `?cursor=${cursor}` : ''}`)
        .set('Cookie', support.cookie)
        .expect(200)
    ).body;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items.find((item) => item.subjectType === 'user' && item.subjectId === userId);
}

/** An account made long ago: identity's row is back-dated and a profile change carries it to every read model. */
async function establishedAccount(username: string): Promise<Account> {
  const account = await join(http, username, 'Olga');
  await infra.database.query(`UPDATE identity.users SET created_at = now() - interval '30 days' WHERE id = $1`, [
    account.id,
  ]);
  await http
    .put(`/api/users/${account.id}`)
    .set('Cookie', account.cookie)
    .send({ firstName: 'Olga', lastName: 'Traveller' })
    .expect(200);
  await eventually(async () => {
    const [row] = await infra.database.query(
      `SELECT (SELECT joined_at FROM catalog.sellers WHERE id = $1) < now() - interval '20 days' AS catalog,
              (SELECT joined_at FROM messaging.users WHERE id = $1) < now() - interval '20 days' AS messaging`,
      [account.id],
    );
    expect(row).toEqual({ catalog: true, messaging: true });
  });
  return account;
}

function expectSlowed(res: { status: number; body: { message: string }; headers: Record<string, string> }) {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(/^New accounts can .+ Please try again in \d+ minutes?\.$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

beforeAll(async () => {
  support = await join(http, 'velsupport', 'Suki');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
  for (let i = 0; i < 8; i++) {
    const account = await join(http, `velseller${i}`, `Seller${i}`);
    const created = await list(account, `Clay bull ${i}`).expect(201);
    sellers.push({ account, productId: created.body.id });
  }
}, 120_000);

describe('listings of a new account', () => {
  it('puts the threshold on sale, holds the next for support, and slows the rest with Retry-After', async () => {
    const seller = await join(http, 'velfast', 'Fiona');
    for (let i = 1; i <= LIMIT; i++) await list(seller, `Painted gourd ${i}`).expect(201);
    const held = await list(seller, 'Painted gourd 4').expect(202);
    expect(held.body).toMatchObject({ title: 'Painted gourd 4', heldForReview: true });
    // Held: nobody finds it, not even by its id.
    await http.get(`/api/products/${held.body.id}`).expect(404);
    expectSlowed(await list(seller, 'Painted gourd 5'));
    const total = await infra.database.query(`SELECT count(*)::int AS n FROM catalog.products WHERE seller_id = $1`, [
      seller.id,
    ]);
    expect(total[0].n).toBe(LIMIT + 1);

    // Support sees the account in the queue, says why, and a dismissal puts the held listing on sale.
    const found = await eventually(async () => {
      const item = await caseAbout(seller.id);
      expect(item).toBeDefined();
      return item!;
    });
    expect(found).toMatchObject({ origin: 'velocity', matchedKeywords: ['4 listings within an hour'] });
    expect(found.content.title).toBe('Fiona Traveller');
    await http
      .post(`/api/support/reports/${found.reportId}/decision`)
      .set('Cookie', support.cookie)
      .send({ action: 'dismiss', reason: 'A real person clearing out a suitcase' })
      .expect(200);
    await eventually(() => http.get(`/api/products/${held.body.id}`).expect(200));
  });

  it('lets exactly the threshold through when 20 arrive at once', async () => {
    const seller = await join(http, 'velburst', 'Bruno');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => list(seller, `Woven bracelet ${i}`).then((res) => res.status)),
    );
    const count = (status: number) => answers.filter((s) => s === status).length;
    expect({ created: count(201), held: count(202), slowed: count(429) }).toEqual({
      created: LIMIT,
      held: 1,
      slowed: 20 - LIMIT - 1,
    });
    const rows = await infra.database.query(
      `SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE held_at IS NOT NULL)::int AS held
         FROM catalog.products WHERE seller_id = $1`,
      [seller.id],
    );
    expect(rows[0]).toEqual({ active: LIMIT, held: 1 });
    await eventually(async () => expect((await caseAbout(seller.id))?.origin).toBe('velocity'));
  });

  it('never slows an established account', async () => {
    const seller = await establishedAccount('velolder');
    for (let i = 1; i <= LIMIT + 3; i++) await list(seller, `Old stock ${i}`).expect(201);
  });
});

describe('messages of a new account', () => {
  it('reaches the threshold of new people, then 429 with Retry-After, while known people still get its messages', async () => {
    const buyer = await join(http, 'velchatty', 'Carla');
    for (const seller of sellers.slice(0, LIMIT)) await message(buyer, seller).expect(201);
    expectSlowed(await message(buyer, sellers[LIMIT]!));
    // Someone it already talks with is not a new person.
    await message(buyer, sellers[0]!, 'One more question').expect(201);
    // Sellers answering it are not counted either (they are not starting anything).
    await message(sellers[1]!.account, { account: buyer, productId: sellers[1]!.productId }, 'Yes it is').expect(201);
    const found = await eventually(async () => {
      const item = await caseAbout(buyer.id);
      expect(item).toBeDefined();
      return item!;
    });
    expect(found).toMatchObject({ origin: 'velocity', matchedKeywords: ['messages to 4 new people within an hour'] });
  });

  it('lets exactly the threshold through when 8 new people are written to at once', async () => {
    const buyer = await join(http, 'velspammer', 'Sam');
    const answers = await Promise.all(sellers.map((seller) => message(buyer, seller).then((res) => res.status)));
    expect(answers.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(answers.filter((s) => s === 429)).toHaveLength(sellers.length - LIMIT);
    const sent = await infra.database.query(
      `SELECT count(*)::int AS n FROM messaging.messages WHERE from_user_id = $1`,
      [buyer.id],
    );
    expect(sent[0].n).toBe(LIMIT);
    await eventually(async () => expect((await caseAbout(buyer.id))?.origin).toBe('velocity'));
  });

  it('never slows an established account', async () => {
    const buyer = await establishedAccount('velregular');
    for (const seller of sellers) await message(buyer, seller).expect(201);
  });
});
