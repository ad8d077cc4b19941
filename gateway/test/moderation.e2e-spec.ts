import { MODERATION_MESSAGES } from '@souvenir/contracts';
import { eventually, mailsTo } from '@souvenir/testing';
import { join, payIntent, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/*
 * Reports and support's decisions over real HTTP, with every service a decision reaches: a report queues its subject
 * (and hides nothing), a second one by the same person is 409, support alone reads the queue and decides; hiding a
 * message replaces its words, suspending a seller signs them out everywhere, refuses their sign-in with a sentence,
 * takes their listings out of search and checkout, and tells them why (bell and mail); they may appeal once.
 */
const { infra, maildev, http } = gatewayWorld({
  services: ['identity', 'catalog', 'messaging', 'payments', 'moderation', 'notifications'],
  mail: true,
  gateway: { RPC_TIMEOUT_MS: '4000' },
});
let support: Account;
let ana: Account;

async function listProduct(seller: Account, title: string): Promise<string> {
  const res = await http
    .post('/api/products')
    .set('Cookie', seller.cookie)
    .send({
      title,
      description: 'Hand-made souvenir bought on the road, customs cleared.',
      price: 30,
      condition: 'new',
      category: 'Home Decor',
      country: 'Peru',
      images: ['https://example.com/p.jpg'],
    })
    .expect(201);
  return res.body.id;
}

const report = (who: Account, body: Record<string, unknown>) =>
  http.post('/api/reports').set('Cookie', who.cookie).send(body);
const queue = async () => (await http.get('/api/support/reports').set('Cookie', support.cookie).expect(200)).body;
const decide = (reportId: string, action: string, reason: string) =>
  http.post(`/api/support/reports/${reportId}/decision`).set('Cookie', support.cookie).send({ action, reason });

beforeAll(async () => {
  support = await join(http, 'suki', 'Suki');
  ana = await join(http, 'ana', 'Ana');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
}, 120_000);

describe('reporting', () => {
  it('takes a report once per person and subject, validates it, and hides nothing by itself', async () => {
    const seller = await join(http, 'rosa', 'Rosa');
    const productId = await listProduct(seller, 'Clay bull of Pucara');
    await http.post('/api/reports').send({ subjectType: 'product', subjectId: productId, reason: 'spam' }).expect(401);
    const bad = await report(ana, {
      subjectType: 'listing',
      subjectId: 'x',
      reason: 'ugly',
      details: 'x'.repeat(1001),
    }).expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'details',
      'reason',
      'subjectId',
      'subjectType',
    ]);
    const created = await report(ana, {
      subjectType: 'product',
      subjectId: productId,
      reason: 'counterfeit',
      details: '<b>fake</b> brand',
    }).expect(201);
    expect(created.body).toMatchObject({ subjectType: 'product', subjectId: productId, status: 'open' });
    const again = await report(ana, { subjectType: 'product', subjectId: productId, reason: 'spam' }).expect(409);
    expect(again.body).toEqual({ statusCode: 409, message: MODERATION_MESSAGES.duplicate });
    await report(seller, { subjectType: 'product', subjectId: productId, reason: 'spam' }).expect(403);
    // Still on sale and in search: only support's decision hides.
    await http.get(`/api/products/${productId}`).expect(200);
    expect((await http.get('/api/products?search=Pucara').expect(200)).body).toHaveLength(1);
    const found = (await queue()).items.find((c: { subjectId: string }) => c.subjectId === productId);
    expect(found.reports[0].details).toBe('<b>fake</b> brand');
  });

  it('answers the queue and decisions to support only', async () => {
    await http.get('/api/support/reports').expect(401);
    await http.get('/api/support/reports').set('Cookie', ana.cookie).expect(403);
    const member = await http
      .post(`/api/support/reports/${(await queue()).items[0].reportId}/decision`)
      .set('Cookie', ana.cookie)
      .send({ action: 'dismiss', reason: 'Fine' })
      .expect(403);
    expect(member.body.message).toBe(MODERATION_MESSAGES.supportOnly);
    await http.get('/api/support/moderation/keywords').set('Cookie', ana.cookie).expect(403);
    await decide('not-a-uuid', 'hide', 'x').expect(404);
    await decide((await queue()).items[0].reportId, 'delete', '').expect(400);
  });
});

describe('decisions', () => {
  it('hides a reported message for both people', async () => {
    const seller = await join(http, 'luis', 'Luis');
    const productId = await listProduct(seller, 'Woven bag');
    await http
      .post('/api/messages')
      .set('Cookie', ana.cookie)
      .send({ toUserId: seller.id, productId, content: 'Is it still available?' })
      .expect(201);
    const sent = await http
      .post('/api/messages')
      .set('Cookie', seller.cookie)
      .send({ toUserId: ana.id, productId, content: 'Pay me by Western Union instead' })
      .expect(201);
    // Only its recipient can report a message.
    await report(seller, { subjectType: 'message', subjectId: sent.body.id, reason: 'spam' }).expect(404);
    const { body } = await report(ana, {
      subjectType: 'message',
      subjectId: sent.body.id,
      reason: 'scam-or-outside-payment',
    }).expect(201);
    const dismissed = await decide(body.id, 'hide', 'Asking to pay outside the site').expect(200);
    expect(dismissed.body).toMatchObject({ action: 'hide', reportId: body.id });
    await decide(body.id, 'dismiss', 'Again').expect(409);
    await eventually(async () => {
      const thread = await http.get(`/api/messages/${seller.id}?productId=${productId}`).set('Cookie', ana.cookie);
      expect(thread.body.map((m: { content: string }) => m.content)).toEqual([
        'Is it still available?',
        'This message was hidden by support.',
      ]);
    });
  });

  it('suspends a seller: signed out, sign-in 403, listings out of search and checkout, told why', async () => {
    const seller = await join(http, 'pablo', 'Pablo');
    const productId = await listProduct(seller, 'Zampona panpipes');
    await listProduct(seller, 'Zampona case');
    expect((await http.get('/api/products?search=Zampona').expect(200)).body).toHaveLength(2);
    const { body } = await report(ana, {
      subjectType: 'user',
      subjectId: seller.id,
      reason: 'scam-or-outside-payment',
    }).expect(201);
    await decide(body.id, 'suspend', 'Several buyers were asked to pay by bank transfer').expect(200);

    await eventually(async () => {
      await http.get('/api/auth/me').set('Cookie', seller.cookie).expect(401);
    });
    const login = await http.post('/api/auth/login').send({ username: 'pablo', password: 'secret1' }).expect(403);
    expect(login.body).toEqual({ statusCode: 403, message: MODERATION_MESSAGES.suspended });
    await eventually(async () => {
      expect((await http.get('/api/products?search=Zampona').expect(200)).body).toHaveLength(0);
    });
    await http.get(`/api/products/${productId}`).expect(404);
    await http
      .post('/api/create-payment-intent')
      .set('Cookie', ana.cookie)
      .send({ productId, amount: 30, guestInfo: shipping })
      .expect(409);

    // The reported person is told why, by mail and in the bell (read from the database: they cannot sign in).
    await eventually(
      async () => {
        const mails = await mailsTo(maildev.webUrl, 'pablo@example.com');
        const decision = mails.find((m) => m.subject === 'A decision by Souvenir Swap support');
        expect(decision?.text).toContain('Several buyers were asked to pay by bank transfer');
      },
      15_000,
      200,
    );
    const [bell] = await infra.database.query<{ text: string; link: string }>(
      `SELECT text, link FROM notifications.notifications WHERE user_id = $1`,
      [seller.id],
    );
    expect(bell).toEqual({
      text: 'Support suspended your account: Several buyers were asked to pay by bank transfer',
      link: `/appeals/${body.id}`,
    });
  });

  it('lets the person whose content was hidden appeal once', async () => {
    const seller = await join(http, 'inti', 'Inti');
    const productId = await listProduct(seller, 'Chullo hat');
    const { body } = await report(ana, { subjectType: 'product', subjectId: productId, reason: 'counterfeit' }).expect(
      201,
    );
    await decide(body.id, 'hide', 'The brand is copied').expect(200);
    const appeal = () =>
      http.post(`/api/reports/${body.id}/appeal`).set('Cookie', seller.cookie).send({ message: 'I knit it myself' });
    await http.post(`/api/reports/${body.id}/appeal`).set('Cookie', ana.cookie).send({ message: 'x' }).expect(404);
    await eventually(async () => {
      await appeal().expect(204);
    });
    await appeal().expect(409);
    const found = (await queue()).items.find((c: { subjectId: string }) => c.subjectId === productId);
    expect(found).toMatchObject({ status: 'appealed', appeal: { message: 'I knit it myself', action: 'hide' } });
  });
});

describe("the people's history", () => {
  it('shows the orders each person bought and sold beside their account age and earlier reports', async () => {
    const seller = await join(http, 'quispe', 'Quispe');
    const buyer = await join(http, 'wayra', 'Wayra');
    const productId = await listProduct(seller, 'Silver tupu pin');
    const intent = await http
      .post('/api/create-payment-intent')
      .set('Cookie', buyer.cookie)
      .send({ productId, amount: 30, guestInfo: shipping })
      .expect(200);
    await payIntent(http, intent.body, buyer);
    // A checkout that never paid is nobody's order.
    const other = await listProduct(seller, 'Copper bell');
    await http
      .post('/api/create-payment-intent')
      .set('Cookie', ana.cookie)
      .send({ productId: other, amount: 30, guestInfo: shipping })
      .expect(200);

    await report(buyer, { subjectType: 'user', subjectId: seller.id, reason: 'harassment' }).expect(201);
    let found: { subject: { orders: unknown }; reports: { reporter: { orders: unknown } }[] } | undefined;
    let cursor: string | null = null;
    do {
      const page: { items: (typeof found & { subjectId: string })[]; nextCursor: string | null } = (
        await http
          .get(`/api/support/reports${cursor ? `?cursor=${cursor}` : ''}`)
          .set('Cookie', support.cookie)
          .expect(200)
      ).body;
      found ??= page.items.find((c) => c.subjectId === seller.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(found?.subject.orders).toEqual({ bought: 0, sold: 1 });
    expect(found?.reports[0]?.reporter.orders).toEqual({ bought: 1, sold: 0 });
  });
});
