import { goodCard, join, type Account, shipping } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/*
 * The support nav's counts over real HTTP: one gateway call answers every queue's count, each from the service that
 * owns the queue; a count follows a new item and a decision; only support may ask.
 */
const { infra, http } = gatewayWorld({
  services: ['identity', 'catalog', 'payments', 'reviews', 'moderation'],
  gateway: { RPC_TIMEOUT_MS: '4000' },
});

let seller: Account;
let buyer: Account;
let support: Account;

async function listProduct(title: string, documented = false): Promise<string> {
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
      ...(documented
        ? { contents: ['wood'], provenance: { boughtCity: 'Cusco', documents: ['https://example.com/receipt.jpg'] } }
        : {}),
    })
    .expect(201);
  return res.body.id;
}

/** A member buys a new product, the seller ships it and the buyer opens a claim: the claims queue holds one more. */
async function claimed(title: string): Promise<void> {
  const productId = await listProduct(title);
  const intent = await http
    .post('/api/create-payment-intent')
    .set('Cookie', buyer.cookie)
    .send({ productId, amount: 30, guestInfo: shipping })
    .expect(200);
  await http
    .post('/api/payments/test-confirm')
    .send({ clientSecret: intent.body.clientSecret, card: goodCard })
    .expect(200, { status: 'succeeded' });
  const paid = await http
    .post('/api/payments/reconcile')
    .set('Cookie', buyer.cookie)
    .send({ paymentIntentId: intent.body.paymentIntentId })
    .expect(200);
  const orderId = paid.body.orderId as string;
  await http.post(`/api/orders/${orderId}/ship`).set('Cookie', seller.cookie).send({ carrier: 'UPS' }).expect(200);
  await http
    .post(`/api/orders/${orderId}/claims`)
    .set('Cookie', buyer.cookie)
    .send({ reason: 'damaged', description: 'Arrived in pieces', photos: ['https://img.example.com/broken.jpg'] })
    .expect(201);
}

const counts = async () => (await http.get('/api/support/queues').set('Cookie', support.cookie).expect(200)).body;

beforeAll(async () => {
  seller = await join(http, 'sami', 'Sami');
  buyer = await join(http, 'bea', 'Bea');
  support = await join(http, 'suki', 'Suki');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support.id]);
});

it("counts every support queue in one call, following new items and support's decisions", async () => {
  expect(await counts()).toEqual({ claims: 0, disputes: 0, provenance: 0, reviews: 0, reports: 0 });

  const documented = await listProduct('Carved gourd from Huancayo', true);
  const belt = await listProduct('Woven belt without papers');
  await claimed('Alpaca scarf');
  await http
    .post('/api/reports')
    .set('Cookie', buyer.cookie)
    .send({ subjectType: 'product', subjectId: belt, reason: 'prohibited-item' })
    .expect(201);
  expect(await counts()).toEqual({ claims: 1, disputes: 0, provenance: 1, reviews: 0, reports: 1 });

  // The count is of the whole queue, and a decision takes the item out of it.
  await http
    .post(`/api/support/provenance/${documented}/decision`)
    .set('Cookie', support.cookie)
    .send({ decision: 'approve' })
    .expect(200);
  expect(await counts()).toMatchObject({ provenance: 0, claims: 1 });
});

it('answers the counts to support only', async () => {
  await http.get('/api/support/queues').expect(401);
  const member = await http.get('/api/support/queues').set('Cookie', buyer.cookie).expect(403);
  expect(member.body.message).toEqual(expect.any(String));
});
