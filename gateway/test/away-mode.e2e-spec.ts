import { randomUUID } from 'node:crypto';
import { eventually } from '@souvenir/testing';
import { goodCard, join, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/**
 * Away mode over real HTTP with identity, catalog, messaging and payments (API.md, Turn 3): the seller's items cannot
 * be bought until the return date (409 with it), orders already paid keep their ship-by deadline while a checkout
 * started before and paid during the absence starts its days on the return date, messages get the away message once a
 * day per conversation, and the return date's pg-boss job ends it by itself.
 */
const { http, infra } = gatewayWorld({
  services: ['identity', 'catalog', 'messaging', 'payments'],
  gateway: { RPC_TIMEOUT_MS: '4000' },
});

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD`, `days` from today (UTC). */
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

let buyer: Account;
let writer: Account;

beforeAll(async () => {
  buyer = await join(http, `bo${randomUUID().slice(0, 6)}`, 'Bo');
  writer = await join(http, `wen${randomUUID().slice(0, 6)}`, 'Wen');
}, 120_000);

const newSeller = () => join(http, `sam${randomUUID().slice(0, 6)}`, 'Sami');
const list = async (seller: Account, title = 'Carved elephant from Jaipur') =>
  (
    await http
      .post('/api/products')
      .set('Cookie', seller.cookie)
      .send({
        title,
        description: 'Sandalwood, hand carved, bought at the bazaar.',
        price: 30,
        condition: 'new',
        category: 'Art & Crafts',
        country: 'India',
        images: ['https://example.com/elephant.jpg'],
      })
      .expect(201)
  ).body.id as string;
const goAway = (seller: Account, body: object) => http.put('/api/me/away').set('Cookie', seller.cookie).send(body);
const startCheckout = (productId: string) =>
  http
    .post('/api/create-payment-intent')
    .set('Cookie', buyer.cookie)
    .send({ productId, amount: 30, guestInfo: shipping });
async function pay(intent: { clientSecret: string; paymentIntentId: string }): Promise<string> {
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.clientSecret, card: goodCard })
    .expect(200, { status: 'succeeded' });
  const paid = await http
    .post('/api/payments/reconcile')
    .set('Cookie', buyer.cookie)
    .send({ paymentIntentId: intent.paymentIntentId })
    .expect(200);
  expect(paid.body.status).toBe('paid');
  return paid.body.orderId;
}
const shipByOf = async (orderId: string, who: Account) => {
  const order = await http.get(`/api/orders/${orderId}`).set('Cookie', who.cookie).expect(200);
  return (order.body.deadlines as { name: string; at: string }[]).find((d) => d.name === 'shipBy')?.at;
};
/** Waits until a service's read model holds the seller's current return date (null: back). */
const readModelSays = (schema: 'payments' | 'messaging', sellerId: string, until: string | null) =>
  eventually(async () => {
    const [table, key] = schema === 'payments' ? ['away_sellers', 'seller_id'] : ['away_users', 'user_id'];
    const rows = await infra.database.query<{ until: string | null }>(
      `SELECT to_char(until, 'YYYY-MM-DD') AS until FROM ${schema}.${table} WHERE ${key} = $1`,
      [sellerId],
    );
    expect(rows[0]?.until ?? null).toBe(until);
  }, 15_000);
const thread = async (reader: Account, other: Account, productId: string) =>
  (await http.get(`/api/messages/${other.id}`).query({ productId }).set('Cookie', reader.cookie).expect(200)).body as {
    fromUserId: string;
    content: string;
    kind?: string;
  }[];
const write = (from: Account, to: Account, productId: string, content: string) =>
  http.post('/api/messages').set('Cookie', from.cookie).send({ toUserId: to.id, productId, content }).expect(201);

describe('PUT /api/me/away and DELETE /api/me/away', () => {
  it('needs a session, and refuses a bad date or message with a sentence', async () => {
    await http
      .put('/api/me/away')
      .send({ until: dateIn(5) })
      .expect(401);
    await http.delete('/api/me/away').expect(401);
    await http.get('/api/me/away').expect(401);
    const seller = await newSeller();
    const cases: [object, RegExp][] = [
      [{}, /Choose the date you are back/],
      [{ until: 'soon' }, /date like/],
      [{ until: '2026-02-30' }, /date like/],
      [{ until: `${dateIn(3)}T10:00:00Z` }, /date like/],
      [{ until: dateIn(0) }, /after today/],
      [{ until: dateIn(-4) }, /after today/],
      [{ until: dateIn(91) }, /within 90 days/],
      [{ until: dateIn(5), message: 'x'.repeat(501) }, /too long \(maximum 500/],
      [{ until: dateIn(5), message: 'Back soon\u202Egnp.exe' }, /invisible or control/],
      [{ until: dateIn(5), message: 42 }, /invisible or control/],
      [{ until: dateIn(5), isAway: true }, /Unknown field: isAway/],
    ];
    for (const [body, message] of cases) {
      const res = await goAway(seller, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    await http.get('/api/me/away').set('Cookie', seller.cookie).expect(200, { until: null, message: null });
  });

  it("shows on the seller's items and profile, refuses checkouts with the date (409), and ends with I'm back", async () => {
    const seller = await newSeller();
    const productId = await list(seller);
    const until = dateIn(10);
    const on = await goAway(seller, { until, message: '  Travelling in Peru <b>until</b> the 10th.  ' }).expect(200);
    // Stored as written (trimmed): plain text, which every page escapes when it shows it.
    expect(on.body).toEqual({ until, message: 'Travelling in Peru <b>until</b> the 10th.' });
    await http.get('/api/me/away').set('Cookie', seller.cookie).expect(200, on.body);
    // Anyone sees the date; the message only reaches those who write.
    await http.get(`/api/users/${seller.id}/away`).expect(200, { until });
    await http.get(`/api/users/${randomUUID()}/away`).expect(200, { until: null });
    await http.get('/api/users/not-a-uuid/away').expect(404);

    const page = await http.get(`/api/products/${productId}`).expect(200);
    expect(page.body.seller.awayUntil).toBe(until);
    const profile = await http.get(`/api/users/${seller.id}/products`).expect(200);
    expect(profile.body[0].seller.awayUntil).toBe(until);

    const refused = await startCheckout(productId).expect(409);
    const shown = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(refused.body.message).toBe(`The seller is away until ${shown}. You can buy this item from then.`);

    await http.delete('/api/me/away').set('Cookie', seller.cookie).expect(204);
    await http.delete('/api/me/away').set('Cookie', seller.cookie).expect(204);
    await http.get(`/api/users/${seller.id}/away`).expect(200, { until: null });
    expect((await http.get(`/api/products/${productId}`).expect(200)).body.seller).not.toHaveProperty('awayUntil');
    await startCheckout(productId).expect(200);
  });

  it('keeps the deadline of an order paid before; a checkout begun before and paid while away ships from the return', async () => {
    const seller = await newSeller();
    const paidBefore = await pay(
      (await startCheckout(await list(seller, 'Brass bell from Kathmandu')).expect(200)).body,
    );
    const shipByBefore = await shipByOf(paidBefore, seller);
    expect(shipByBefore).toBeDefined();
    // The buyer is on the card step when the seller leaves.
    const begun = (await startCheckout(await list(seller, 'Prayer flags from Kathmandu')).expect(200)).body;

    const until = dateIn(12);
    await goAway(seller, { until }).expect(200);
    await readModelSays('payments', seller.id, until);
    const paidWhileAway = await pay(begun);

    // 5 days to ship (SHIP_WITHIN_DAYS), counted from the start of the return date (UTC) rather than from the payment.
    const back = Date.parse(`${until}T00:00:00Z`);
    expect(Date.parse((await shipByOf(paidWhileAway, seller))!)).toBe(back + 5 * DAY_MS);
    expect(await shipByOf(paidBefore, seller)).toBe(shipByBefore);
    expect(Date.parse(shipByBefore!)).toBeLessThan(Date.now() + 5 * DAY_MS + 60_000);
  });

  it('answers messages with the away message once a day per conversation, marked automatic', async () => {
    const seller = await newSeller();
    const [first, second] = [
      await list(seller, 'Tin robot from Osaka'),
      await list(seller, 'Paper lantern from Osaka'),
    ];
    const until = dateIn(7);
    await goAway(seller, { until, message: 'On holiday: I will answer on my return.' }).expect(200);
    await readModelSays('messaging', seller.id, until);

    await write(writer, seller, first, 'Is the robot still wound up?');
    await write(writer, seller, first, 'And does it come with its key?');
    const automatic = (rows: { kind?: string }[]) => rows.filter((m) => m.kind === 'automatic');
    const replies = automatic(await thread(writer, seller, first));
    expect(replies).toEqual([
      expect.objectContaining({ fromUserId: seller.id, content: 'On holiday: I will answer on my return.' }),
    ]);
    // The reply follows the message it answers.
    expect((await thread(writer, seller, first)).map((m) => m.kind ?? 'user')).toEqual(['user', 'automatic', 'user']);
    // Another conversation (another product) gets its own.
    await write(writer, seller, second, 'Does the lantern fold flat?');
    expect(automatic(await thread(writer, seller, second))).toHaveLength(1);
    // The seller's own messages get nothing, and neither do those about nobody away.
    await write(seller, writer, first, 'Writing from the beach: yes, with its key.');
    expect(automatic(await thread(seller, writer, first))).toHaveLength(1);

    // The next day (the day's row moved back a day, as a day passing would leave it), the conversation gets one more.
    await infra.database.query(
      `UPDATE messaging.away_replies SET day = day - 1 WHERE away_user_id = $1 AND product_id = $2`,
      [seller.id, first],
    );
    await write(writer, seller, first, 'Still there?');
    expect(automatic(await thread(writer, seller, first))).toHaveLength(2);
  });

  it("ends by itself on the return date: catalog's job clears it and tells payments and messaging", async () => {
    const seller = await newSeller();
    const productId = await list(seller, 'Wooden clogs from Zaandam');
    const until = dateIn(3);
    await goAway(seller, { until, message: 'Away for the tulips.' }).expect(200);
    await readModelSays('messaging', seller.id, until);
    await readModelSays('payments', seller.id, until);

    // The return date comes: the row's date is today's, and its job (due at the start of that date) becomes due now.
    await infra.database.query(
      `UPDATE catalog.sellers SET away_until = (now() AT TIME ZONE 'UTC')::date WHERE id = $1`,
      [seller.id],
    );
    const moved = await infra.database.query(
      `UPDATE catalog_jobs.job SET start_after = now() WHERE name = 'catalog.away-ends' AND data->>'sellerId' = $1
       RETURNING id`,
      [seller.id],
    );
    expect(moved).toHaveLength(1);

    await eventually(async () => {
      const [row] = await infra.database.query<{ away_until: string | null }>(
        `SELECT away_until FROM catalog.sellers WHERE id = $1`,
        [seller.id],
      );
      expect(row!.away_until).toBeNull();
    }, 15_000);
    await readModelSays('payments', seller.id, null);
    await readModelSays('messaging', seller.id, null);
    await http.get('/api/me/away').set('Cookie', seller.cookie).expect(200, { until: null, message: null });
    await write(writer, seller, productId, 'Are you back?');
    expect((await thread(writer, seller, productId)).filter((m) => m.kind === 'automatic')).toEqual([]);
    await startCheckout(productId).expect(200);
  });

  it('a job for an older period does nothing when the seller changed the date meanwhile', async () => {
    const seller = await newSeller();
    await goAway(seller, { until: dateIn(3) }).expect(200);
    const later = dateIn(20);
    await goAway(seller, { until: later }).expect(200);
    // The first period's job, made due now: the row is on the second period, so it stays away.
    await infra.database.query(
      `UPDATE catalog_jobs.job SET start_after = now()
        WHERE name = 'catalog.away-ends' AND data->>'sellerId' = $1 AND (data->>'version')::int = 1`,
      [seller.id],
    );
    await eventually(async () => {
      const [job] = await infra.database.query<{ state: string }>(
        `SELECT state FROM catalog_jobs.job
          WHERE name = 'catalog.away-ends' AND data->>'sellerId' = $1 AND (data->>'version')::int = 1`,
        [seller.id],
      );
      expect(job!.state).toBe('completed');
    }, 15_000);
    await http.get(`/api/users/${seller.id}/away`).expect(200, { until: later });
  });
});
