import { crossBorderMessage, ErrorCode, RPC, type ShippingInfoDto } from '@souvenir/contracts';
import { errorOf, OrderHarness } from './order-harness';

// Delivery is domestic: checkout refuses a delivery country other than the item's, with a sentence.

const h = new OrderHarness();
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const shipping = (country?: string): ShippingInfoDto => ({
  billingStreet: '1 George St',
  billingCity: 'Sydney',
  billingZip: '2000',
  ...(country ? { billingCountry: country } : {}),
  sameAsDelivery: true,
});

it('refuses delivery abroad with a clear sentence, and takes the same country however it is written', async () => {
  const seller = (
    await h.rpc.send(RPC.identity.register, {
      email: 'abby@example.com',
      password: 'secret1',
      username: 'abby',
      firstName: 'Abby',
      lastName: 'Test',
      location: 'Sydney, Australia',
    })
  ).id;
  const product = await h.listProduct(seller);
  expect(product.shipsFrom).toBe('Australia');

  const abroad = await errorOf(
    h.rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '20.00',
      actorId: h.buyer,
      guestInfo: shipping(),
    }),
  );
  expect(abroad).toMatchObject({
    code: ErrorCode.ValidationFailed,
    message: crossBorderMessage('Australia', 'United States'),
    errors: [{ field: 'guestInfo.billingCountry', message: crossBorderMessage('Australia', 'United States') }],
  });
  expect(abroad?.message).toBe('This item ships only within Australia; it cannot be delivered to United States.');
  const orders = await h.infra.database.query(`SELECT 1 FROM payments.orders WHERE product_id = $1`, [product.id]);
  expect(orders).toHaveLength(0);

  const delivery = await errorOf(
    h.rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '20.00',
      actorId: h.buyer,
      guestInfo: {
        ...shipping('Australia'),
        sameAsDelivery: false,
        deliveryStreet: '5 Queen St',
        deliveryCity: 'Auckland',
        deliveryZip: '1010',
        deliveryCountry: 'New Zealand',
      },
    }),
  );
  expect(delivery?.errors?.[0]?.field).toBe('guestInfo.deliveryCountry');

  const home = await h.rpc.send(RPC.payments.createIntent, {
    productId: product.id,
    amount: '20.00',
    actorId: h.buyer,
    guestInfo: shipping('Australia'),
  });
  expect(home.clientSecret).toBeTruthy();
});

it('does not check an item whose seller names no country', async () => {
  const product = await h.listProduct();
  expect(product.shipsFrom).toBeNull();
  const intent = await h.rpc.send(RPC.payments.createIntent, {
    productId: product.id,
    amount: '20.00',
    actorId: h.buyer,
    guestInfo: shipping('Canada'),
  });
  expect(intent.clientSecret).toBeTruthy();
});
