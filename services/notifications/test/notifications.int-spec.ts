import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  EVENTS,
  NOTIFICATION_KINDS,
  PUSH,
  RPC,
  type LiveEventDto,
  type MessageSentEvent,
  type OrderChangedEvent,
  type OrderPaidEvent,
} from '@souvenir/contracts';
import { DomainError, EventConsumer } from '@souvenir/platform';
import { eventually, serviceSuite } from '@souvenir/testing';
import { DataSource } from 'typeorm';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { NotificationsConfig } from '../src/config/notifications.config';

/*
 * The notifications service on the real Postgres and NATS: domain events arrive as messaging and payments publish
 * them (on the suite's JetStream); the live events are read back over request/reply as the gateway does, and from
 * the `push.user.<id>` subjects as a gateway subscribes to them.
 */
const { infra, app, rpc, nc, restart } = serviceSuite(SERVICE_NAME, AppModule, NotificationsConfig);

async function publish(subject: string, payload: object, msgID: string = randomUUID()): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(payload), { msgID });
}

/** Everything pushed to a user from now on. */
function pushedTo(userId: string): LiveEventDto[] {
  const received: LiveEventDto[] = [];
  nc.subscribe(PUSH.user(userId), {
    callback: (_e, msg) => {
      received.push(msg.json<LiveEventDto>());
    },
  });
  return received;
}

const eventsOf = async (actorId: string) =>
  (await rpc.send(RPC.notifications.listEventsAfter, { actorId, afterId: '0' })).events;
const bellOf = async (actorId: string) =>
  (await rpc.send(RPC.notifications.listNotifications, { actorId, limit: 50 })).items;

function message(fromUserId: string, toUserId: string): MessageSentEvent {
  return {
    messageId: randomUUID(),
    fromUserId,
    toUserId,
    productId: randomUUID(),
    content: 'Is it still for sale?',
    occurredAt: new Date().toISOString(),
  };
}

function paid(buyerUserId: string | null, sellerId: string): OrderPaidEvent {
  return {
    orderId: randomUUID(),
    productId: randomUUID(),
    sellerId,
    buyerUserId,
    amountCents: 1250,
    currency: 'usd',
    occurredAt: new Date().toISOString(),
  };
}

function shipped(order: OrderPaidEvent): OrderChangedEvent {
  return {
    orderId: order.orderId,
    productId: order.productId,
    sellerId: order.sellerId,
    buyerUserId: order.buyerUserId,
    from: 'paid',
    to: 'shipped',
    actor: 'seller',
    carrier: 'DHL',
    occurredAt: new Date().toISOString(),
  };
}

it('the notifications table accepts exactly the kinds the contracts declare', async () => {
  const [{ definition }] = await infra.database.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conname = 'notifications_kind_check' AND conrelid = 'notifications.notifications'::regclass`,
  );
  const allowed = [...definition.matchAll(/'([A-Za-z_-]+)'::text/g)].map(([, kind]) => kind);
  expect(allowed.sort()).toEqual([...NOTIFICATION_KINDS].sort());
});

describe('notifications', () => {
  it('a message is logged and pushed to its sender and recipient, and to nobody else', async () => {
    const [ana, ben, cat] = [randomUUID(), randomUUID(), randomUUID()];
    const toBen = pushedTo(ben);
    const toCat = pushedTo(cat);
    await nc.flush();
    const event = message(ana, ben);
    await publish(EVENTS.messaging.messageSent, event);
    await eventually(() => expect(toBen).toHaveLength(1));
    expect(toBen[0].data).toEqual({
      type: 'message.sent',
      messageId: event.messageId,
      fromUserId: ana,
      toUserId: ben,
      productId: event.productId,
    });
    expect((await eventsOf(ana)).map((e) => e.data.type)).toEqual(['message.sent']);
    expect((await eventsOf(ben)).map((e) => e.id)).toEqual([toBen[0].id]);
    expect(await eventsOf(cat)).toEqual([]);
    expect(toCat).toEqual([]);
    // Messages have their own badge: nothing in the bell.
    expect(await bellOf(ben)).toEqual([]);
  });

  it("an inbox change is pushed, unless a new message caused it (the message's own event tells the same tabs)", async () => {
    const dan = randomUUID();
    const toDan = pushedTo(dan);
    await nc.flush();
    const change = (version: number, cause?: string) => ({
      userId: dan,
      version,
      ...(cause ? { cause } : {}),
      occurredAt: new Date().toISOString(),
    });
    const byMessage = randomUUID();
    await publish(EVENTS.messaging.inboxChanged, change(1, 'message'), byMessage);
    await publish(EVENTS.messaging.inboxChanged, change(2, 'read'));
    // Written before events named their cause: pushed, as every inbox change was.
    await publish(EVENTS.messaging.inboxChanged, change(3));
    await eventually(() => expect(toDan).toHaveLength(2));
    expect(toDan.map((e) => e.data)).toEqual([
      { type: 'inbox.changed', version: 2 },
      { type: 'inbox.changed', version: 3 },
    ]);
    expect((await eventsOf(dan)).map((e) => e.data)).toEqual(toDan.map((e) => e.data));
    // Acknowledged without a transaction: not even recorded as processed.
    const [ignored] = await infra.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications.processed_events WHERE event_id = $1`,
      [byMessage],
    );
    expect(ignored.n).toBe(0);
  });

  it("applies events side by side: one person's event waiting for their lock does not hold up another's", async () => {
    const [ana, ben, cat, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // Ben's log is locked from outside, as a long transaction of his own would hold it.
    const runner = app.get(DataSource).createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtextextended($1::text, 0))`, [ben]);
      await publish(EVENTS.messaging.messageSent, message(ana, ben));
      await publish(EVENTS.messaging.messageSent, message(cat, dan));
      // Applied one after the other, Cat's message waited behind Ben's until the lock gave way.
      await eventually(async () => expect(await eventsOf(dan)).toHaveLength(1), 4000);
      expect(await eventsOf(ben)).toEqual([]);
    } finally {
      await runner.query(`SELECT pg_advisory_unlock_all()`);
      await runner.release();
    }
    await eventually(async () => expect(await eventsOf(ben)).toHaveLength(1));
  });

  it('a busy moment: every event reaches each of its people once, their ids in commit order', async () => {
    const people = Array.from({ length: 6 }, () => randomUUID());
    const pushed = new Map(people.map((id) => [id, pushedTo(id)]));
    await nc.flush();
    const sent = Array.from({ length: 60 }, (_, i) => message(people[i % 6], people[(i * 5 + 1) % 6]));
    await Promise.all(sent.map((event) => publish(EVENTS.messaging.messageSent, event)));
    for (const person of people) {
      const expected = sent.filter((e) => e.fromUserId === person || e.toUserId === person).length;
      await eventually(async () => expect(await eventsOf(person)).toHaveLength(expected));
      const logged = await eventsOf(person);
      const ids = logged.map((e) => BigInt(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(logged.map((e) => (e.data as { messageId: string }).messageId)).size).toBe(expected);
      await eventually(() => expect(pushed.get(person)).toHaveLength(expected));
      expect(new Set(pushed.get(person)!.map((e) => e.id))).toEqual(new Set(logged.map((e) => e.id)));
    }
  });

  it("an order's changes go to its buyer and seller; the bell tells the one who did not act", async () => {
    const [buyer, seller] = [randomUUID(), randomUUID()];
    const order = paid(buyer, seller);
    await publish(EVENTS.payments.orderPaid, order);
    await eventually(async () => expect(await bellOf(seller)).toHaveLength(1));
    expect(await bellOf(seller)).toEqual([
      expect.objectContaining({ kind: 'sale', link: `/orders/${order.orderId}`, readAt: null }),
    ]);
    await publish(EVENTS.payments.orderChanged, shipped(order));
    await eventually(async () => expect(await bellOf(buyer)).toHaveLength(1));
    expect((await bellOf(buyer))[0]).toMatchObject({ kind: 'order', text: 'Your order was shipped' });
    expect(await bellOf(seller)).toHaveLength(1);
    expect((await eventsOf(buyer)).map((e) => e.data)).toEqual([
      expect.objectContaining({ type: 'order.changed', from: null, to: 'paid', role: 'buyer' }),
      expect.objectContaining({ type: 'order.changed', from: 'paid', to: 'shipped', role: 'buyer' }),
    ]);
    expect(await rpc.send(RPC.notifications.countUnread, { actorId: buyer })).toEqual({ count: 1 });
  });

  it("a guest's order reaches only its seller", async () => {
    const seller = randomUUID();
    const order = paid(null, seller);
    await publish(EVENTS.payments.orderPaid, order);
    await eventually(async () => expect(await eventsOf(seller)).toHaveLength(1));
    const rows = await infra.database.query(
      `SELECT user_id FROM notifications.live_events WHERE data->>'orderId' = $1`,
      [order.orderId],
    );
    expect(rows).toEqual([{ user_id: seller }]);
  });

  it('applies an event once, however often it is delivered', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const event = message(ana, ben);
    await publish(EVENTS.messaging.messageSent, event, 'message-once');
    await eventually(async () => expect(await eventsOf(ben)).toHaveLength(1));
    // A redelivery after a lost ack (the same id), and JetStream's duplicate window for a re-publish.
    await app
      .get(EventConsumer)
      .apply('message-once', EVENTS.messaging.messageSent, event, () => Promise.reject(new Error('handler ran again')));
    // JetStream drops the re-publish (same id, inside its duplicate window): nothing new reaches the consumer.
    const again = await jetstream(nc).publish(EVENTS.messaging.messageSent, JSON.stringify(event), {
      msgID: 'message-once',
    });
    expect(again.duplicate).toBe(true);
    expect(await eventsOf(ben)).toHaveLength(1);
    expect(await eventsOf(ana)).toHaveLength(1);
  });

  it('replays what a reconnecting stream missed, and says refetch when it cannot', async () => {
    const [ana, ben, cat] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await rpc.send(RPC.notifications.listEventsAfter, { actorId: ben })).toEqual({
      events: [],
      lastId: '0',
      refetch: false,
    });
    for (let i = 0; i < 3; i++) await publish(EVENTS.messaging.messageSent, message(ana, ben));
    await eventually(async () => expect(await eventsOf(ben)).toHaveLength(3));
    const [first, second, third] = await eventsOf(ben);
    const resumed = await rpc.send(RPC.notifications.listEventsAfter, { actorId: ben, afterId: first.id });
    expect(resumed).toEqual({ events: [second, third], lastId: third.id, refetch: false });
    // Another person's event id, or one past the newest: the caller cannot be told what happened, only to reload.
    const foreign = (await eventsOf(ana))[0].id;
    await publish(EVENTS.messaging.messageSent, message(ana, cat));
    await eventually(async () => expect(await eventsOf(cat)).toHaveLength(1));
    expect(await rpc.send(RPC.notifications.listEventsAfter, { actorId: cat, afterId: foreign })).toMatchObject({
      events: [],
      refetch: true,
    });
    expect(await rpc.send(RPC.notifications.listEventsAfter, { actorId: ben, afterId: '999999999999' })).toMatchObject({
      events: [],
      refetch: true,
    });
  });

  it('a gap longer than the replay limit answers refetch', async () => {
    await restart({ LIVE_EVENTS_REPLAY_MAX: '2' });
    const [ana, ben] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 4; i++) await publish(EVENTS.messaging.messageSent, message(ana, ben));
    await eventually(async () =>
      expect(
        (await infra.database.query(`SELECT id FROM notifications.live_events WHERE user_id = $1`, [ben])).length,
      ).toBe(4),
    );
    const [first] = await infra.database.query<{ id: string }>(
      `SELECT id::text FROM notifications.live_events WHERE user_id = $1 ORDER BY id`,
      [ben],
    );
    expect(await rpc.send(RPC.notifications.listEventsAfter, { actorId: ben, afterId: first.id })).toMatchObject({
      refetch: true,
    });
  });

  it('an old event (a first deployment reads the stream from its start) is not pushed, and past a week not in the bell', async () => {
    const [lastMonth, twoDaysAgo] = [randomUUID(), randomUUID()];
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await publish(EVENTS.payments.orderPaid, { ...paid(null, lastMonth), occurredAt: daysAgo(30) });
    await publish(EVENTS.payments.orderPaid, { ...paid(null, twoDaysAgo), occurredAt: daysAgo(2) });
    await eventually(async () => expect(await bellOf(twoDaysAgo)).toHaveLength(1));
    expect(await eventsOf(twoDaysAgo)).toEqual([]);
    expect(await bellOf(lastMonth)).toEqual([]);
    expect(await eventsOf(lastMonth)).toEqual([]);
  });

  it('the bell pages newest first, and each person marks only their own notifications read', async () => {
    const [seller, other] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 3; i++) await publish(EVENTS.payments.orderPaid, paid(null, seller));
    await eventually(async () => expect(await bellOf(seller)).toHaveLength(3));
    const first = await rpc.send(RPC.notifications.listNotifications, { actorId: seller, limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await rpc.send(RPC.notifications.listNotifications, {
      actorId: seller,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(second).toEqual({ items: [expect.anything()] });
    const all = await bellOf(seller);
    expect([...first.items, ...second.items].map((n) => n.id)).toEqual(all.map((n) => n.id));
    await expect(
      rpc.send(RPC.notifications.markRead, { actorId: other, notificationId: all[0].id }),
    ).rejects.toMatchObject({ code: ErrorCode.NotFound } satisfies Partial<DomainError>);
    await rpc.send(RPC.notifications.markRead, { actorId: seller, notificationId: all[0].id });
    expect(await rpc.send(RPC.notifications.countUnread, { actorId: seller })).toEqual({ count: 2 });
    await rpc.send(RPC.notifications.markAllRead, { actorId: seller });
    expect(await rpc.send(RPC.notifications.countUnread, { actorId: seller })).toEqual({ count: 0 });
    await expect(
      rpc.send(RPC.notifications.listNotifications, { actorId: seller, limit: 2, cursor: 'nonsense' }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
  });
});
