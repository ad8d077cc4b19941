import { BLOCK_MESSAGES } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { goodCard, join, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/**
 * Over HTTP, with the real services: blocking (messages and checkout refused both ways, the list, unblock) and the
 * contact-details shield (masked for the recipient, flagged, and off once the two completed an order).
 */
const { http, infra } = gatewayWorld({
  services: ['identity', 'catalog', 'messaging', 'payments'],
});

let seller: Account;
let buyer: Account;
let stranger: Account;

const unknownId = '00000000-0000-4000-8000-000000000000';

async function listing(title: string): Promise<string> {
  const product = await http
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
  return product.body.id;
}

const checkout = (who: Account, productId: string) =>
  http
    .post('/api/create-payment-intent')
    .set('Cookie', who.cookie)
    .send({ productId, amount: 30, guestInfo: shipping });

const message = (from: Account, to: Account, productId: string, content: string) =>
  http.post('/api/messages').set('Cookie', from.cookie).send({ toUserId: to.id, productId, content });

const thread = async (reader: Account, other: Account, productId: string) =>
  (await http.get(`/api/messages/${other.id}?productId=${productId}`).set('Cookie', reader.cookie).expect(200))
    .body as {
    id: string;
    content: string;
    flags?: string[];
  }[];

beforeAll(async () => {
  seller = await join(http, 'blockseller', 'Rosa');
  buyer = await join(http, 'blockbuyer', 'Tomas');
  stranger = await join(http, 'blockstranger', 'Uma');
}, 90_000);

describe('blocking over HTTP', () => {
  it('needs a session; yourself is 400, nobody 404, an id that is not one 404', async () => {
    await http.post(`/api/users/${buyer.id}/block`).expect(401);
    await http.delete(`/api/users/${buyer.id}/block`).expect(401);
    await http.get('/api/me/blocks').expect(401);
    const self = await http.post(`/api/users/${seller.id}/block`).set('Cookie', seller.cookie).expect(400);
    expect(self.body.message).toBe(BLOCK_MESSAGES.blockYourself);
    await http.post(`/api/users/${unknownId}/block`).set('Cookie', seller.cookie).expect(404);
    await http.post('/api/users/nope/block').set('Cookie', seller.cookie).expect(404);
    await http.delete('/api/users/nope/block').set('Cookie', seller.cookie).expect(404);
  });

  it('stops messages and purchases both ways with a 403 sentence, lists the block, and unblocking lifts it', async () => {
    const vase = await listing('Kyoto tea vase');
    await message(buyer, seller, vase, 'Is the vase still available?').expect(201);

    await http.post(`/api/users/${buyer.id}/block`).set('Cookie', seller.cookie).expect(204);
    await http.post(`/api/users/${buyer.id}/block`).set('Cookie', seller.cookie).expect(204);
    const blocks = await http.get('/api/me/blocks').set('Cookie', seller.cookie).expect(200);
    expect(blocks.body).toEqual([
      {
        user: { id: buyer.id, firstName: 'Tomas', lastName: 'Traveller', avatar: null },
        blockedAt: expect.any(String),
      },
    ]);
    // The blocked person's own list is empty: nothing tells them.
    await http.get('/api/me/blocks').set('Cookie', buyer.cookie).expect(200, []);

    await eventually(async () => {
      const refused = await message(buyer, seller, vase, 'Hello?').expect(403);
      expect(refused.body.message).toBe(BLOCK_MESSAGES.cannotMessage);
    });
    expect((await message(seller, buyer, vase, 'Yes').expect(403)).body.message).toBe(BLOCK_MESSAGES.youBlockedMessage);
    await eventually(async () => {
      const refused = await checkout(buyer, vase).expect(403);
      expect(refused.body.message).toBe(BLOCK_MESSAGES.cannotBuy);
    });
    // Public pages answer the blocked person as anyone.
    const asBlocked = await http.get(`/api/products/${vase}`).set('Cookie', buyer.cookie).expect(200);
    const asAnyone = await http.get(`/api/products/${vase}`).expect(200);
    expect(asBlocked.body.seller).toEqual(asAnyone.body.seller);
    await http.get(`/api/users/${seller.id}`).set('Cookie', buyer.cookie).expect(200);

    await http.delete(`/api/users/${buyer.id}/block`).set('Cookie', seller.cookie).expect(204);
    await http.delete(`/api/users/${buyer.id}/block`).set('Cookie', seller.cookie).expect(204);
    await http.get('/api/me/blocks').set('Cookie', seller.cookie).expect(200, []);
    await eventually(() => message(buyer, seller, vase, 'Hello again').expect(201));
    await eventually(() => checkout(buyer, vase).expect(200));
  });
});

describe('the contact-details shield over HTTP', () => {
  const words = 'Cheaper if you pay by bank transfer: call me on 07911 123456 or write to uma@example.com';
  const masked =
    'Cheaper if you pay by [off-site payment hidden]: call me on [phone number hidden] or write to [email hidden]';

  it('masks the details for the recipient, flags the message for both, and leaves prices and dates alone', async () => {
    const lamp = await listing('Moroccan lamp');
    const sent = await message(stranger, seller, lamp, words).expect(201);
    expect(sent.body).toMatchObject({ content: words, flags: ['contact-details'] });
    const forSeller = (await thread(seller, stranger, lamp)).find((m) => m.id === sent.body.id)!;
    expect(forSeller).toMatchObject({ content: masked, flags: ['contact-details'] });
    const forSender = (await thread(stranger, seller, lamp)).find((m) => m.id === sent.body.id)!;
    expect(forSender.content).toBe(words);
    const inbox = await http.get('/api/messages/conversations').set('Cookie', seller.cookie).expect(200);
    expect(JSON.stringify(inbox.body)).not.toContain('07911');

    const plain = await message(stranger, seller, lamp, 'Would you take €25.50? I can pay on 12/05/2025.').expect(201);
    expect(plain.body.flags).toBeUndefined();
  });

  it('is off between two people who completed an order together', async () => {
    const scarf = await listing('Alpaca scarf');
    const intent = await checkout(buyer, scarf).expect(200);
    await http
      .post('/api/payments/test-confirm')
      .send({ clientSecret: intent.body.clientSecret, card: goodCard })
      .expect(200);
    const paid = await http
      .post('/api/payments/reconcile')
      .set('Cookie', buyer.cookie)
      .send({ paymentIntentId: intent.body.paymentIntentId })
      .expect(200);
    const orderId = paid.body.orderId as string;
    await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'DHL' }).expect(200);
    await http.post(`/api/orders/${orderId}/delivered`).set('Cookie', seller.cookie).expect(200);
    await http.post(`/api/orders/${orderId}/confirm`).set('Cookie', buyer.cookie).expect(200);
    // The completion reaches messaging as an order note in their conversation.
    await eventually(async () =>
      expect((await thread(buyer, seller, scarf)).map((m) => m.content)).toContain('Order completed.'),
    );
    const sent = await message(seller, buyer, scarf, 'Thanks! For the next one write to rosa@example.com').expect(201);
    expect(sent.body.flags).toBeUndefined();
    const forBuyer = (await thread(buyer, seller, scarf)).find((m) => m.id === sent.body.id)!;
    expect(forBuyer.content).toBe('Thanks! For the next one write to rosa@example.com');
  });
});

describe('the cap on blocks', () => {
  it('takes 1000 blocks a person, refuses the next with a sentence (409), and frees a place on unblocking', async () => {
    const blocker = await join(http, 'blockcollector', 'Cora');
    // 999 people blocked already, written directly: registering 999 accounts through the API would take minutes.
    await infra.database.query(
      `WITH people AS (
         INSERT INTO identity.users (id, username, email, password_hash, first_name, last_name)
         SELECT gen_random_uuid(), 'filler' || i, 'filler' || i || '@example.com', 'x', 'Filler', 'Person'
           FROM generate_series(1, 999) AS i
         RETURNING id)
       INSERT INTO identity.blocks (blocker_id, blocked_id) SELECT $1, id FROM people`,
      [blocker.id],
    );
    const block = (who: Account) => http.post(`/api/users/${who.id}/block`).set('Cookie', blocker.cookie);
    await block(buyer).expect(204);
    const refused = await block(stranger).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, message: BLOCK_MESSAGES.tooMany });
    // Blocking someone already blocked is still 204 at the cap; unblocking frees a place.
    await block(buyer).expect(204);
    await http.delete(`/api/users/${buyer.id}/block`).set('Cookie', blocker.cookie).expect(204);
    await block(stranger).expect(204);
    const list = await http.get('/api/me/blocks').set('Cookie', blocker.cookie).expect(200);
    expect(list.body).toHaveLength(1000);
    expect(list.body[0].user.id).toBe(stranger.id);
  });
});
