import type { INestApplication } from '@nestjs/common';
import { ADDRESS_BOOK_MAX, ADDRESS_BOOK_MESSAGES } from '@souvenir/contracts';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import request from 'supertest';
import { cookieOf, join, startGateway, type Account } from './gateway-harness';

// The buyer's address book over HTTP (/api/me/addresses) and the checkout that uses it.

let infra: TestInfra;
const services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;
let ana: Account;
let sly: Account;

const home = {
  firstName: 'Ana',
  lastName: 'Tester',
  line1: '350 Fifth Ave',
  line2: 'Floor 3',
  city: 'New York',
  region: 'NY',
  postcode: '10118',
  country: 'United States',
  phone: '+1 212 555 0100',
};
const goodCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10118',
};

beforeAll(async () => {
  infra = await startTestInfra();
  services.push(await startService('identity', infra));
  services.push(await startService('catalog', infra));
  services.push(await startService('payments', infra));
  gateway = await startGateway(infra, { RPC_TIMEOUT_MS: '4000' });
  http = request(gateway.getHttpServer());
  ana = await join(http, 'ana', 'Ana');
  sly = await join(http, 'sly', 'Sly');
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await infra?.stop();
});

describe('/api/me/addresses', () => {
  it('adds, lists, edits, moves the default and deletes, for the owner only', async () => {
    await http.get('/api/me/addresses').expect(401);
    await http.post('/api/me/addresses').send(home).expect(401);
    await http.get('/api/me/addresses').set('Cookie', ana.cookie).expect(200, []);

    const created = await http.post('/api/me/addresses').set('Cookie', ana.cookie).send(home).expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      ...home,
      isDefault: true,
      lastUsedAt: null,
      createdAt: expect.any(String),
    });
    const id = created.body.id as string;
    const work = await http
      .post('/api/me/addresses')
      .set('Cookie', ana.cookie)
      .send({ ...home, line1: '1 Infinite Loop', line2: '', city: 'Cupertino', region: 'CA', postcode: '95014' })
      .expect(201);
    expect(work.body).toMatchObject({ line2: null, isDefault: false });

    // Someone else's address is not there for them: 404 as for an id that does not exist; a non-UUID id too.
    await http.put(`/api/me/addresses/${id}`).set('Cookie', sly.cookie).send(home).expect(404);
    await http.delete(`/api/me/addresses/${id}`).set('Cookie', sly.cookie).expect(404);
    await http.delete('/api/me/addresses/not-an-id').set('Cookie', ana.cookie).expect(404);
    await http.get('/api/me/addresses').set('Cookie', sly.cookie).expect(200, []);

    const moved = await http
      .put(`/api/me/addresses/${work.body.id}`)
      .set('Cookie', ana.cookie)
      .send({ ...home, line1: '1 Infinite Loop', city: 'Cupertino', postcode: '95014', isDefault: true })
      .expect(200);
    expect(moved.body).toMatchObject({ line1: '1 Infinite Loop', isDefault: true });
    let list = (await http.get('/api/me/addresses').set('Cookie', ana.cookie).expect(200)).body;
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: string }) => a.id)).toEqual([
      work.body.id,
    ]);

    await http.delete(`/api/me/addresses/${work.body.id}`).set('Cookie', ana.cookie).expect(204);
    list = (await http.get('/api/me/addresses').set('Cookie', ana.cookie).expect(200)).body;
    expect(list).toEqual([expect.objectContaining({ id, isDefault: true })]);
  });

  it('answers 400 with a sentence per field: postcode of the country, lengths, control characters, unknown fields', async () => {
    const post = (body: object) => http.post('/api/me/addresses').set('Cookie', sly.cookie).send(body);
    const uk = await post({ ...home, country: 'United Kingdom', postcode: '10118' }).expect(400);
    expect(uk.body.errors).toEqual([{ field: 'postcode', message: 'Enter a valid UK postcode (e.g., SW1A 1AA)' }]);
    const au = await post({ ...home, country: 'Australia', postcode: '2000' }).expect(201);
    expect(au.body.country).toBe('Australia');

    const long = await post({ ...home, city: 'x'.repeat(101) }).expect(400);
    expect(long.body.errors).toEqual([{ field: 'city', message: 'City is too long' }]);
    const bell = await post({ ...home, line1: '350 Fifth\u0007 Ave' }).expect(400);
    expect(bell.body.errors).toEqual([{ field: 'line1', message: ADDRESS_BOOK_MESSAGES.notPlain }]);
    const bidi = await post({ ...home, lastName: 'Test\u202Eer' }).expect(400);
    expect(bidi.body.errors[0].field).toBe('lastName');
    const nul = await post({ ...home, city: 'New\u0000York' }).expect(400);
    expect(nul.body.message).toMatch(/NUL/);
    await post({ ...home, postcode: 10118 }).expect(400);
    // Whatever the country field holds, the postcode rule reads it without failing.
    for (const country of [[true, null], { name: 'Canada' }, 7, null])
      expect((await post({ ...home, country }).expect(400)).body.errors[0].field).toBe('country');
    await post({ ...home, isAdmin: true }).expect(400);
    await post({}).expect(400);
  });

  it(`refuses one address past ${ADDRESS_BOOK_MAX} with 409 and a sentence`, async () => {
    const max = await join(http, 'maxine', 'Maxine');
    for (let i = 0; i < ADDRESS_BOOK_MAX; i++)
      await http
        .post('/api/me/addresses')
        .set('Cookie', max.cookie)
        .send({ ...home, line1: `${i + 1} Main St` })
        .expect(201);
    const full = await http.post('/api/me/addresses').set('Cookie', max.cookie).send(home).expect(409);
    expect(full.body).toEqual({ statusCode: 409, message: ADDRESS_BOOK_MESSAGES.full });
  });
});

describe('the checkout with saved addresses', () => {
  it('saves a new address, marks it last used when paid, and pays the next item with it by id', async () => {
    const seller = await join(http, 'sella', 'Sella');
    const buyerRes = await http
      .post('/api/auth/register')
      .send({ email: 'bo@example.com', password: 'secret1', username: 'bonnie', firstName: 'Bo', lastName: 'Buyer' })
      .expect(201);
    const buyer = cookieOf(buyerRes);
    const list = async (title: string) =>
      (
        await http
          .post('/api/products')
          .set('Cookie', seller.cookie)
          .send({
            title,
            description: 'Hand-made souvenir bought on the road, customs cleared.',
            price: 12,
            condition: 'new',
            category: 'Home Decor',
            country: 'Peru',
            images: ['https://example.com/p.jpg'],
          })
          .expect(201)
      ).body.id as string;
    const pay = async (body: object) => {
      const intent = await http.post('/api/create-payment-intent').set('Cookie', buyer).send(body).expect(200);
      await http
        .post('/api/payments/test-confirm')
        .send({ clientSecret: intent.body.clientSecret, card: goodCard })
        .expect(200, { status: 'succeeded' });
      await http
        .post('/api/payments/reconcile')
        .set('Cookie', buyer)
        .send({ paymentIntentId: intent.body.paymentIntentId })
        .expect(200);
    };

    await pay({
      productId: await list('Alpaca wool scarf'),
      amount: 12,
      saveAddress: true,
      guestInfo: { billingStreet: '350 Fifth Ave', billingCity: 'New York', billingZip: '10118', sameAsDelivery: true },
    });
    const [saved] = (await http.get('/api/me/addresses').set('Cookie', buyer).expect(200)).body;
    expect(saved).toMatchObject({ firstName: 'Bo', lastName: 'Buyer', line1: '350 Fifth Ave', isDefault: true });
    expect(saved.lastUsedAt).toEqual(expect.any(String));

    const secondId = await list('Clay whistle bird');
    await http
      .post('/api/create-payment-intent')
      .set('Cookie', sly.cookie)
      .send({ productId: secondId, amount: 12, addressId: saved.id })
      .expect(404);
    await http
      .post('/api/create-payment-intent')
      .send({ productId: secondId, amount: 12, addressId: saved.id })
      .expect(404);
    await pay({ productId: secondId, amount: 12, addressId: saved.id });
    const purchases = (await http.get('/api/orders?role=purchases').set('Cookie', buyer).expect(200)).body;
    expect(JSON.stringify(purchases)).toContain('Clay whistle bird');
  });
});
