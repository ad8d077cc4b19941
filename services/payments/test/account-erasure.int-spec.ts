import { ACCOUNT_DELETION_MESSAGES, DELETED_USER_NAME, EVENTS, RPC, type SavedAddressInput } from '@souvenir/contracts';
import { userDeleted } from '@souvenir/testing';
import { OrderHarness } from './order-harness';

/**
 * An account deletion as payments sees it: before, what blocks it (open orders, money held); after identity's
 * user.deleted (over real NATS), the person's saved addresses go and their orders keep amounts and ledger without their
 * name, address or words. Replaying the deletion changes nothing more.
 */
const h = new OrderHarness();
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const home: SavedAddressInput = {
  firstName: 'Bob',
  lastName: 'Test',
  line1: '7 Private Lane',
  city: 'Springfield',
  region: 'IL',
  postcode: '62701',
  country: 'USA',
  phone: '+1 555 0100',
};

interface OrderRow {
  contact_email: string;
  contact_first_name: string;
  contact_phone: string | null;
  delivery_address: { street: string };
  amount_cents: string;
  status: string;
  seller_name: string | null;
}

const orderRow = async (id: string) =>
  (await h.infra.database.query<OrderRow>(`SELECT * FROM payments.orders WHERE id = $1`, [id]))[0];
const ledgerLines = async () =>
  (await h.infra.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM payments.ledger_lines`))[0].n;

describe("payments' part of an account deletion", () => {
  it('names the open orders of either side and the money held, and nothing for someone without any', async () => {
    const { orderId } = await h.buy('member');
    const title = (await h.get(orderId, h.buyer)).product.title;
    const asBuyer = await h.rpc.send(RPC.payments.deletionBlockers, { userId: h.buyer });
    expect(asBuyer.openOrders).toContainEqual({ orderId, productTitle: title, role: 'buyer' });
    const asSeller = await h.rpc.send(RPC.payments.deletionBlockers, { userId: h.seller });
    expect(asSeller.openOrders).toContainEqual({ orderId, productTitle: title, role: 'seller' });
    expect(await h.rpc.send(RPC.payments.deletionBlockers, { userId: h.stranger })).toEqual({
      openOrders: [],
      heldCents: 0,
      unpaidCents: 0,
      currency: 'usd',
    });
  });

  it("erases the buyer's addresses and personal details on their orders, keeps the money, and replays to no effect", async () => {
    await h.rpc.send(RPC.payments.createAddress, { actorId: h.buyer, ...home });
    const { orderId } = await h.buy('member');
    await h.rpc.send(RPC.payments.sendOrderMessage, {
      orderRef: orderId,
      actorId: h.buyer,
      content: 'Ring me on +1 555 0100',
    });
    await h.rpc.send(RPC.payments.sendOrderMessage, { orderRef: orderId, actorId: h.seller, content: 'Shipping soon' });
    const before = await orderRow(orderId);
    const linesBefore = await ledgerLines();

    await userDeleted(h.infra, 'payments', h.buyer, 'payments-erasure-1');

    expect(await h.rpc.send(RPC.payments.listAddresses, { actorId: h.buyer })).toEqual([]);
    const after = await orderRow(orderId);
    expect(after).toMatchObject({
      contact_first_name: 'Deleted',
      contact_phone: null,
      amount_cents: before.amount_cents,
      status: before.status,
      seller_name: before.seller_name,
    });
    expect(after.contact_email).toMatch(/@deleted\.invalid$/);
    expect(after.delivery_address.street).toBe('');
    const messages = await h.infra.database.query<{ author: string; content: string }>(
      `SELECT author, content FROM payments.order_messages WHERE order_id = $1 ORDER BY created_at`,
      [orderId],
    );
    expect(messages).toEqual([
      { author: 'buyer', content: ACCOUNT_DELETION_MESSAGES.erasedMessage },
      { author: 'seller', content: 'Shipping soon' },
    ]);
    expect(await ledgerLines()).toBe(linesBefore);

    await userDeleted(h.infra, 'payments', h.buyer, 'payments-erasure-2');
    expect(await orderRow(orderId)).toEqual(after);
    expect(await ledgerLines()).toBe(linesBefore);
  });

  it('shows a deleted seller\'s orders as sold by "Deleted user"', async () => {
    const seller = await h.person('selma');
    const { orderId } = await h.buy('member', seller);
    await userDeleted(h.infra, 'payments', seller, 'payments-erasure-seller');
    expect((await orderRow(orderId)).seller_name).toBe(DELETED_USER_NAME);
    expect((await h.get(orderId, h.buyer)).status).toBe('paid');
  });

  it("ends a deleted person's open offers, tells the other party, and names them Deleted user on every offer", async () => {
    const olive = await h.person('olive');
    const sam = await h.person('sam');
    const fromOlive = await h.rpc.send(RPC.payments.createOffer, {
      actorId: olive,
      productId: (await h.listProduct()).id,
      amount: '15.00',
    });
    const toSam = await h.rpc.send(RPC.payments.createOffer, {
      actorId: h.buyer,
      productId: (await h.listProduct(sam)).id,
      amount: '15.00',
    });
    const offerRow = async (id: string) =>
      (
        await h.infra.database.query<{ status: string; buyer: string; seller: string; amount_cents: number }>(
          `SELECT status, buyer_first_name || ' ' || buyer_last_name AS buyer,
                  seller_first_name || ' ' || seller_last_name AS seller, amount_cents
             FROM payments.offers WHERE id = $1`,
          [id],
        )
      )[0];
    const toldOf = async (id: string) =>
      (
        await h.infra.database.query<{ status: string }>(
          `SELECT payload->>'status' AS status FROM payments.outbox_events
            WHERE subject = $1 AND payload->>'offerId' = $2 ORDER BY created_at`,
          [EVENTS.payments.offerChanged, id],
        )
      ).map((e) => e.status);

    await userDeleted(h.infra, 'payments', olive, 'payments-erasure-offers-buyer');
    await userDeleted(h.infra, 'payments', sam, 'payments-erasure-offers-seller');

    expect(await offerRow(fromOlive.id)).toEqual({
      status: 'withdrawn',
      buyer: DELETED_USER_NAME,
      seller: 'Sally Test',
      amount_cents: 1500,
    });
    expect(await offerRow(toSam.id)).toEqual({
      status: 'ended',
      buyer: 'Bob Test',
      seller: DELETED_USER_NAME,
      amount_cents: 1500,
    });
    expect(await toldOf(fromOlive.id)).toEqual(['pending', 'withdrawn']);
    expect(await toldOf(toSam.id)).toEqual(['pending', 'ended']);

    await userDeleted(h.infra, 'payments', olive, 'payments-erasure-offers-buyer-again');
    expect(await toldOf(fromOlive.id)).toEqual(['pending', 'withdrawn']);
  });
});
