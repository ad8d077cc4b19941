import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  crossBorderMessage,
  ErrorCode,
  RPC,
  type SavedAddressInput,
} from '@souvenir/contracts';
import { errorOf, OrderHarness, SUCCEEDING_CARD } from './order-harness';

// The buyer's address book on real Postgres and NATS: kept by payments, used and marked by its checkout.

const h = new OrderHarness();
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const home: SavedAddressInput = {
  firstName: 'Ben',
  lastName: 'Buyer',
  line1: '1 Main St',
  line2: 'Apt 4',
  city: 'Springfield',
  region: 'IL',
  postcode: '62701',
  country: 'USA',
  phone: '+1 555 0100',
};
const toronto: SavedAddressInput = {
  firstName: 'Ben',
  lastName: 'Buyer',
  line1: '100 King St W',
  city: 'Toronto',
  region: 'ON',
  postcode: 'M5H 2N2',
  country: 'Canada',
};

describe('the address book', () => {
  it('keeps a person’s addresses for them alone, the first as the default, with the country spelt as the catalog does', async () => {
    const owner = await h.person('Ada');
    const stranger = await h.person('Sly');
    const first = await h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...home });
    expect(first).toMatchObject({ line1: '1 Main St', line2: 'Apt 4', country: 'United States', isDefault: true });
    const second = await h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...toronto });
    expect(second.isDefault).toBe(false);
    expect((await h.rpc.send(RPC.payments.listAddresses, { actorId: owner })).map((a) => a.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(await h.rpc.send(RPC.payments.listAddresses, { actorId: stranger })).toEqual([]);

    // Someone else's id is an unknown one, for reading through checkout, editing and deleting alike.
    for (const attempt of [
      h.rpc.send(RPC.payments.updateAddress, { actorId: stranger, addressId: first.id, ...home }),
      h.rpc.send(RPC.payments.deleteAddress, { actorId: stranger, addressId: first.id }),
    ])
      expect(await errorOf(attempt)).toMatchObject({
        code: ErrorCode.NotFound,
        message: ADDRESS_BOOK_MESSAGES.notFound,
      });
    expect(await h.rpc.send(RPC.payments.listAddresses, { actorId: owner })).toHaveLength(2);
  });

  it('moves the default on request and passes it on when the default is deleted', async () => {
    const owner = await h.person('Dee');
    const a = await h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...home });
    const b = await h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...toronto, isDefault: true });
    expect(b.isDefault).toBe(true);
    let book = await h.rpc.send(RPC.payments.listAddresses, { actorId: owner });
    expect(book.filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);

    const edited = await h.rpc.send(RPC.payments.updateAddress, {
      actorId: owner,
      addressId: a.id,
      ...home,
      line2: undefined,
      city: 'Shelbyville',
      isDefault: true,
    });
    expect(edited).toMatchObject({ city: 'Shelbyville', line2: null, isDefault: true });
    await h.rpc.send(RPC.payments.deleteAddress, { actorId: owner, addressId: a.id });
    book = await h.rpc.send(RPC.payments.listAddresses, { actorId: owner });
    expect(book.map((x) => [x.id, x.isDefault])).toEqual([[b.id, true]]);
  });

  it('refuses a postcode that is not the country’s, and control characters, field by field', async () => {
    const owner = await h.person('Val');
    const wrongPostcode = await errorOf(
      h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...toronto, postcode: '10001' }),
    );
    expect(wrongPostcode).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [{ field: 'postcode', message: 'Enter a valid Canadian postal code (e.g., M5H 2N2)' }],
    });
    const uk = await h.rpc.send(RPC.payments.createAddress, {
      actorId: owner,
      ...toronto,
      city: 'London',
      postcode: 'SW1A 1AA',
      country: 'UK',
    });
    expect(uk.country).toBe('United Kingdom');
    const control = await errorOf(
      h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...home, city: 'Spring\u0007field' }),
    );
    expect(control).toMatchObject({ code: ErrorCode.ValidationFailed });
    const tooLong = await errorOf(
      h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...home, line1: 'x'.repeat(201) }),
    );
    expect(tooLong).toMatchObject({ code: ErrorCode.ValidationFailed });
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses per person, even when they are added at once`, async () => {
    const owner = await h.person('Max');
    const results = await Promise.allSettled(
      Array.from({ length: ADDRESS_BOOK_MAX + 5 }, (_, i) =>
        h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...home, line1: `${i + 1} Main St` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(ADDRESS_BOOK_MAX);
    const full = await errorOf(h.rpc.send(RPC.payments.createAddress, { actorId: owner, ...home }));
    expect(full).toMatchObject({ code: ErrorCode.Conflict, message: ADDRESS_BOOK_MESSAGES.full });
    const rows = await h.infra.database.query<{ n: string; defaults: string }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE is_default) AS defaults FROM payments.saved_addresses WHERE user_id = $1`,
      [owner],
    );
    expect(rows[0]).toEqual({ n: String(ADDRESS_BOOK_MAX), defaults: '1' });
  });
});

describe('the checkout with the address book', () => {
  /** Pays an intent with the test card; answers the order row's address columns. */
  async function pay(clientSecret: string, paymentIntentId: string) {
    await h.rpc.send(RPC.payments.confirmTestPayment, {
      clientSecret,
      card: { ...SUCCEEDING_CARD, postalCode: '62701' },
    });
    const [row] = await h.infra.database.query<{ status: string; saved_address_id: string | null; delivery: object }>(
      `SELECT status, saved_address_id, delivery_address AS delivery FROM payments.orders WHERE provider_payment_id = $1`,
      [paymentIntentId],
    );
    return row;
  }

  it('saves a new address on request, makes it the last used when paid, and ships the next order to it by id', async () => {
    const buyer = await h.person('Bea');
    const first = await h.listProduct();
    const intent = await h.rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: first.id,
      amount: '20.00',
      saveAddress: true,
      guestInfo: {
        billingStreet: '1 Main St',
        billingCity: 'Springfield',
        billingZip: '62701',
        billingCountry: 'United States',
        sameAsDelivery: true,
      },
    });
    let book = await h.rpc.send(RPC.payments.listAddresses, { actorId: buyer });
    expect(book).toEqual([
      expect.objectContaining({ line1: '1 Main St', postcode: '62701', isDefault: true, lastUsedAt: null }),
    ]);
    expect((await pay(intent.clientSecret, intent.paymentIntentId)).status).toBe('paid');
    book = await h.rpc.send(RPC.payments.listAddresses, { actorId: buyer });
    expect(book[0].lastUsedAt).not.toBeNull();

    // The same address typed again is not kept twice.
    const again = await h.listProduct();
    await h.rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: again.id,
      amount: '20.00',
      saveAddress: true,
      guestInfo: { billingStreet: '1 MAIN ST', billingCity: 'springfield', billingZip: '62701', sameAsDelivery: true },
    });
    expect(await h.rpc.send(RPC.payments.listAddresses, { actorId: buyer })).toHaveLength(1);

    // A second address, then paying with the first by id: the first is the last used again.
    const other = await h.rpc.send(RPC.payments.createAddress, { actorId: buyer, ...home, line1: '9 Elm St' });
    const second = await h.listProduct();
    const byId = await h.rpc.send(RPC.payments.createIntent, {
      actorId: buyer,
      productId: second.id,
      amount: '20.00',
      addressId: other.id,
    });
    const row = await pay(byId.clientSecret, byId.paymentIntentId);
    expect(row).toMatchObject({
      status: 'paid',
      saved_address_id: other.id,
      delivery: { street: '9 Elm St, Apt 4', city: 'Springfield', zip: '62701', country: 'United States' },
    });
    book = await h.rpc.send(RPC.payments.listAddresses, { actorId: buyer });
    expect(book[0].id).toBe(other.id);
  });

  it('refuses an address that is not the buyer’s, and a saved address abroad, before any order exists', async () => {
    const buyer = await h.person('Cy');
    const stranger = await h.person('Sid');
    const theirs = await h.rpc.send(RPC.payments.createAddress, { actorId: stranger, ...home });
    const product = await h.listProduct();
    expect(
      await errorOf(
        h.rpc.send(RPC.payments.createIntent, {
          actorId: buyer,
          productId: product.id,
          amount: '20.00',
          addressId: theirs.id,
        }),
      ),
    ).toMatchObject({ code: ErrorCode.NotFound });
    expect(
      await errorOf(
        h.rpc.send(RPC.payments.createIntent, { productId: product.id, amount: '20.00', addressId: theirs.id }),
      ),
    ).toMatchObject({ code: ErrorCode.NotFound });

    // A seller in Australia: a saved Canadian address is refused by the delivery-country rule, as a typed one is.
    const aussie = (
      await h.rpc.send(RPC.identity.register, {
        email: 'abe-au@example.com',
        password: 'secret1',
        username: 'abeau',
        firstName: 'Abe',
        lastName: 'Test',
        location: 'Sydney, Australia',
      })
    ).id;
    const australian = await h.listProduct(aussie);
    const canadian = await h.rpc.send(RPC.payments.createAddress, { actorId: buyer, ...toronto });
    const abroad = await errorOf(
      h.rpc.send(RPC.payments.createIntent, {
        actorId: buyer,
        productId: australian.id,
        amount: '20.00',
        addressId: canadian.id,
      }),
    );
    expect(abroad).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: crossBorderMessage('Australia', 'Canada'),
    });
    const rows = await h.infra.database.query(`SELECT 1 FROM payments.orders WHERE buyer_user_id = $1`, [buyer]);
    expect(rows).toHaveLength(0);
  });

  it('refuses to save a new address whose postcode is not its country’s, naming the form’s field', async () => {
    const buyer = await h.person('Pat');
    const product = await h.listProduct();
    const refused = await errorOf(
      h.rpc.send(RPC.payments.createIntent, {
        actorId: buyer,
        productId: product.id,
        amount: '20.00',
        saveAddress: true,
        guestInfo: {
          billingStreet: '100 King St W',
          billingCity: 'Toronto',
          billingZip: '10001',
          billingCountry: 'Canada',
          sameAsDelivery: true,
        },
      }),
    );
    expect(refused).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [{ field: 'guestInfo.billingZip', message: 'Enter a valid Canadian postal code (e.g., M5H 2N2)' }],
    });
  });
});
