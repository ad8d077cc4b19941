import { ErrorCode, EVENTS, RPC, type OrderMessageSentEvent } from '@souvenir/contracts';
import { eventually, readStreamEvents } from '@souvenir/testing';
import { errorOf, OrderHarness } from './order-harness';

/** The messages kept on an order between its buyer (a guest by private link, or a member) and its seller. */
const h = new OrderHarness();
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const list = (orderRef: string, actorId?: string, before?: string) =>
  h.rpc.send(RPC.payments.listOrderMessages, {
    orderRef,
    ...(actorId ? { actorId } : {}),
    ...(before ? { before } : {}),
  });
const send = (orderRef: string, content: string, actorId?: string) =>
  h.rpc.send(RPC.payments.sendOrderMessage, { orderRef, content, ...(actorId ? { actorId } : {}) });

describe('messages on a guest order', () => {
  it('are written by the seller (session) and the guest (private token), kept newest last, and announced', async () => {
    const { orderId, token } = await h.buy('guest');
    expect(await list(token!)).toEqual({ items: [], olderCursor: null });

    await send(orderId, 'Hello Gia, I will ship on Monday.', h.seller);
    const answered = await send(token!, 'Thank you!\nSee you soon.');
    expect(answered.items.map((m) => [m.from, m.content, m.mine])).toEqual([
      ['seller', 'Hello Gia, I will ship on Monday.', false],
      ['buyer', 'Thank you!\nSee you soon.', true],
    ]);
    expect(answered.items[0]).toMatchObject({ authorName: 'Sally Test', id: expect.any(String) });
    expect(answered.items[1]).toMatchObject({ authorName: 'Gia Guest' });

    const sellerView = await list(orderId, h.seller);
    expect(sellerView.items.map((m) => m.mine)).toEqual([true, false]);

    const events = await eventually(async () => {
      const found = (await readStreamEvents<OrderMessageSentEvent>(h.infra, EVENTS.payments.orderMessageSent))
        .map((e) => e.data)
        .filter((e) => e.orderId === orderId);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(events[0]).toMatchObject({
      from: 'seller',
      buyerUserId: null,
      sellerId: h.seller,
      authorName: 'Sally Test',
      content: 'Hello Gia, I will ship on Monday.',
    });
    expect(events[1]).toMatchObject({ from: 'buyer', messageId: answered.items[1]!.id });
  });

  it('are read and written by nobody else: a stranger, a made-up token and no session are 404', async () => {
    const { orderId, token } = await h.buy('guest');
    await send(orderId, 'Only for Gia', h.seller);
    for (const attempt of [
      list(orderId, h.stranger),
      list(orderId),
      list(`${token}x`),
      list(orderId, h.buyer),
      send(orderId, 'Let me in', h.stranger),
      send(`${token!.slice(0, -2)}zz`, 'Guessing'),
      // Support sees an order only once a claim brings it to them.
      list(orderId, h.support),
    ]) {
      expect((await errorOf(attempt))?.code).toBe(ErrorCode.NotFound);
    }
    const [{ count }] = await h.infra.database.query<{ count: string }>(
      'SELECT count(*) FROM payments.order_messages WHERE order_id = $1',
      [orderId],
    );
    expect(count).toBe('1');
  });

  it('refuse an empty message, control characters and text over 2000 characters', async () => {
    const { token } = await h.buy('guest');
    for (const content of ['   ', 'bell \u0007', 'escape \u001b[31m', 'x'.repeat(2001)]) {
      expect((await errorOf(send(token!, content)))?.code).toBe(ErrorCode.ValidationFailed);
    }
    expect((await list(token!)).items).toHaveLength(0);
  });

  it('page back from the newest with a keyset cursor', async () => {
    const { orderId, token } = await h.buy('guest');
    for (let i = 1; i <= 53; i++) await send(i % 2 ? orderId : token!, `message ${i}`, i % 2 ? h.seller : undefined);
    const newest = await list(token!);
    expect(newest.items).toHaveLength(50);
    expect(newest.items[0]!.content).toBe('message 4');
    expect(newest.items[49]!.content).toBe('message 53');
    const older = await list(token!, undefined, newest.olderCursor!);
    expect(older).toEqual({ items: expect.any(Array), olderCursor: null });
    expect(older.items.map((m) => m.content)).toEqual(['message 1', 'message 2', 'message 3']);
  });
});

describe('messages on a member order', () => {
  it('are open to its buyer and seller by session', async () => {
    const { orderId } = await h.buy('member');
    await send(orderId, 'Is it wrapped?', h.buyer);
    const seller = await list(orderId, h.seller);
    expect(seller.items).toMatchObject([{ from: 'buyer', content: 'Is it wrapped?', mine: false }]);
  });
});
