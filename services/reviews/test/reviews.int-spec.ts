import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  EVENTS,
  RPC,
  type OrderChangedEvent,
  type RatingChangedEvent,
  type UserRegisteredEvent,
} from '@souvenir/contracts';
import { DomainError, EventConsumer } from '@souvenir/platform';
import { eventually, processed, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { ReviewsConfig } from '../src/config/reviews.config';
import { ReviewWindow } from '../src/reviews/review-window';

/*
 * The rules of reviews on the real Postgres and NATS: completed orders arrive as payments publishes them (on the
 * suite's JetStream), reviews are written over NATS request/reply as the gateway sends them.
 */
const { infra, app, rpc, restart } = serviceSuite(SERVICE_NAME, AppModule, ReviewsConfig);

async function publish(subject: string, payload: object, msgID: string = randomUUID()): Promise<string> {
  const nc = await connect({ servers: infra.natsUrl });
  await jetstream(nc).publish(subject, JSON.stringify(payload), { msgID });
  await nc.close();
  return msgID;
}

async function person(firstName: string): Promise<string> {
  const userId = randomUUID();
  const event: UserRegisteredEvent = {
    userId,
    username: firstName.toLowerCase(),
    firstName,
    lastName: 'Test',
    avatar: null,
    location: null,
    isVerified: false,
    version: 1,
    occurredAt: new Date().toISOString(),
  };
  await publish(EVENTS.identity.userRegistered, event);
  return userId;
}

function completed(buyer: string | null, seller: string, orderId = randomUUID()): OrderChangedEvent {
  return {
    orderId,
    productId: randomUUID(),
    sellerId: seller,
    buyerUserId: buyer,
    from: 'delivered',
    to: 'completed',
    actor: 'buyer',
    occurredAt: new Date().toISOString(),
  };
}

/** A completed order, once reviews has recorded its slots. */
async function completeOrder(buyer: string, seller: string): Promise<string> {
  const event = completed(buyer, seller);
  await publish(EVENTS.payments.orderChanged, event);
  await eventually(async () =>
    expect((await rpc.send(RPC.reviews.getOrderReviews, { actorId: buyer, orderId: event.orderId })).status).toBe(
      'open',
    ),
  );
  return event.orderId;
}

async function codeOf(promise: Promise<unknown>): Promise<[ErrorCode, string] | null> {
  return promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? [e.code, e.message] : null),
  );
}

const review = (actorId: string, orderId: string, rating: number, text = `${rating} stars`) =>
  rpc.send(RPC.reviews.createReview, { actorId, orderId, rating, text });
const rating = (userId: string) => rpc.send(RPC.reviews.getRating, { userId });
const publishedAbout = async (userId: string) =>
  (await rpc.send(RPC.reviews.listUserReviews, { userId, limit: 100 })).items;

let buyer: string;
let seller: string;
let stranger: string;

beforeAll(async () => {
  [buyer, seller, stranger] = await Promise.all(['Ben', 'Sakura', 'Cleo'].map(person));
});

describe('reviews service', () => {
  it('only the buyer and the seller of a completed order review it, once each', async () => {
    expect(await codeOf(review(buyer, randomUUID(), 5))).toEqual([
      ErrorCode.Conflict,
      'Only a completed order can be reviewed',
    ]);
    const orderId = await completeOrder(buyer, seller);
    expect(await codeOf(review(stranger, orderId, 1))).toEqual([ErrorCode.NotFound, 'Order not found']);
    expect(await codeOf(rpc.send(RPC.reviews.getOrderReviews, { actorId: stranger, orderId }))).toEqual([
      ErrorCode.NotFound,
      'Order not found',
    ]);
    await review(buyer, orderId, 5, 'Lovely doll, well packed.');
    expect(await codeOf(review(buyer, orderId, 4))).toEqual([
      ErrorCode.Conflict,
      'You have already reviewed this order',
    ]);
    expect(await codeOf(review(seller, orderId, 6))).toEqual([ErrorCode.ValidationFailed, expect.any(String)]);
    expect(await codeOf(review(seller, orderId, 4, 'x'.repeat(1001)))).toEqual([
      ErrorCode.ValidationFailed,
      expect.any(String),
    ]);
    expect(await codeOf(review(seller, orderId, 4, 'Hidden\u202Etext'))).toEqual([
      ErrorCode.ValidationFailed,
      expect.any(String),
    ]);
    const state = await review(seller, orderId, 4, 'Quick payment.\nThank you!');
    expect(state.mine).toMatchObject({ authorRole: 'seller', rating: 4, text: 'Quick payment.\nThank you!' });
    expect(await codeOf(review(seller, orderId, 4))).toEqual([ErrorCode.Conflict, expect.any(String)]);
  });

  it('a guest purchase and a change that is not a completion open no reviews', async () => {
    const guest = completed(null, seller);
    const shipped = { ...completed(buyer, seller), from: 'paid', to: 'shipped' } as const;
    await processed(infra, 'reviews', [
      await publish(EVENTS.payments.orderChanged, guest),
      await publish(EVENTS.payments.orderChanged, shipped),
    ]);
    const orders = await infra.database.query('SELECT order_id FROM reviews.orders WHERE order_id = ANY($1)', [
      [guest.orderId, shipped.orderId],
    ]);
    expect(orders).toEqual([]);
  });

  it('keeps the first review hidden until the second is written; the author may edit it meanwhile', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const orderId = await completeOrder(alice, bob);
    const first = await review(alice, orderId, 2, 'Took a while');
    expect(first).toMatchObject({ status: 'open', role: 'buyer', otherPartyId: bob, canWrite: true, theirs: null });
    expect(first.mine?.publishedAt).toBeNull();
    const edited = await rpc.send(RPC.reviews.updateReview, {
      actorId: alice,
      orderId,
      rating: 3,
      text: 'Took a while, but lovely',
    });
    expect(edited.mine).toMatchObject({ rating: 3, text: 'Took a while, but lovely', publishedAt: null });
    // Bob knows Alice wrote, not what.
    const bobSees = await rpc.send(RPC.reviews.getOrderReviews, { actorId: bob, orderId });
    expect(bobSees).toMatchObject({ status: 'open', role: 'seller', theirs: null, theirsWritten: true, mine: null });
    expect(await publishedAbout(bob)).toEqual([]);
    expect(await rating(bob)).toEqual({
      userId: bob,
      average: null,
      count: 0,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    });

    const both = await review(bob, orderId, 5, 'A pleasure');
    expect(both.status).toBe('published');
    expect(both.theirs).toMatchObject({ rating: 3, author: { id: alice, firstName: 'Alice' } });
    expect(both.mine?.publishedAt).toEqual(both.theirs?.publishedAt);
    expect(
      await codeOf(rpc.send(RPC.reviews.updateReview, { actorId: alice, orderId, rating: 1, text: 'Changed' })),
    ).toEqual([ErrorCode.Conflict, 'A published review can no longer be changed']);
    expect((await publishedAbout(bob)).map((r) => [r.rating, r.text])).toEqual([[3, 'Took a while, but lovely']]);
    expect((await publishedAbout(alice)).map((r) => [r.rating, r.authorRole])).toEqual([[5, 'seller']]);
  });

  it('publishes a lone review when the window ends (the deadline job), and takes no review after that', async () => {
    const carol = await person('Carol');
    const dave = await person('Dave');
    const orderId = await completeOrder(carol, dave);
    const [job] = await infra.database.query<{ start_after: Date }>(
      `SELECT start_after FROM reviews_jobs.job WHERE name = 'reviews.window-ends' AND data->>'orderId' = $1`,
      [orderId],
    );
    const fourteenDays = 14 * 86_400_000;
    expect(Math.abs(job.start_after.getTime() - Date.now() - fourteenDays)).toBeLessThan(60_000);

    await review(carol, orderId, 1, 'Never answered my questions');
    // Early: the job finds the window open and fails, to be retried later; nothing is published.
    await expect(app.get(ReviewWindow).end(orderId)).rejects.toThrow(/has not ended yet/);
    expect(await publishedAbout(dave)).toEqual([]);

    await infra.database.query(`UPDATE reviews.orders SET window_ends_at = now() WHERE order_id = $1`, [orderId]);
    expect(await codeOf(review(dave, orderId, 5))).toEqual([
      ErrorCode.Conflict,
      'The review period for this order has ended',
    ]);
    await app.get(ReviewWindow).end(orderId);
    await app.get(ReviewWindow).end(orderId); // a second firing changes nothing
    expect((await publishedAbout(dave)).map((r) => r.rating)).toEqual([1]);
    expect((await rating(dave)).count).toBe(1);
    expect(await rpc.send(RPC.reviews.getOrderReviews, { actorId: dave, orderId })).toMatchObject({
      status: 'published',
      canWrite: false,
      mine: null,
      theirs: { rating: 1 },
    });
  });

  it('publishes once when both write at the same moment, with an early window job between them', async () => {
    const olga = await person('Olga');
    const pete = await person('Pete');
    const orderId = await completeOrder(olga, pete);
    await Promise.all([
      review(olga, orderId, 5),
      review(pete, orderId, 3),
      app
        .get(ReviewWindow)
        .end(orderId)
        .catch(() => undefined),
    ]);
    await app
      .get(ReviewWindow)
      .end(orderId)
      .catch(() => undefined);
    expect(await rating(pete)).toMatchObject({ average: 5, count: 1 });
    expect(await rating(olga)).toMatchObject({ average: 3, count: 1 });
    const published = await infra.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reviews.reviews WHERE order_id = $1 AND published_at IS NOT NULL',
      [orderId],
    );
    expect(published).toEqual([{ n: 2 }]);
  });

  it('takes one reply, from the reviewed person, to a published review', async () => {
    const erin = await person('Erin');
    const finn = await person('Finn');
    const orderId = await completeOrder(erin, finn);
    const hidden = await review(erin, orderId, 4, 'Nice');
    const reviewId = hidden.mine!.id;
    const reply = (actorId: string, text = 'Thank you!') =>
      rpc.send(RPC.reviews.replyToReview, { actorId, reviewId, text });
    expect(await codeOf(reply(finn))).toEqual([ErrorCode.NotFound, 'Review not found']);
    await review(finn, orderId, 5, 'Great buyer');
    expect(await codeOf(reply(erin))).toEqual([ErrorCode.Forbidden, expect.any(String)]);
    expect(await codeOf(reply(finn, ''))).toEqual([ErrorCode.ValidationFailed, expect.any(String)]);
    const answered = await reply(finn, '  Glad you like it!  ');
    expect(answered.reply).toEqual({ text: 'Glad you like it!', createdAt: expect.any(String) });
    expect(await codeOf(reply(finn, 'Again'))).toEqual([ErrorCode.Conflict, 'You have already replied to this review']);
    expect((await publishedAbout(finn))[0].reply?.text).toBe('Glad you like it!');
  });

  it("keeps each user's summary and announces every change, pages newest first", async () => {
    const gina = await person('Gina');
    const buyers = await Promise.all(['Hal', 'Ivy', 'Jon'].map(person));
    const stars = [5, 4, 4];
    for (const [i, who] of buyers.entries()) {
      const orderId = await completeOrder(who, gina);
      await review(who, orderId, stars[i]);
      await review(gina, orderId, 5);
    }
    expect(await rating(gina)).toEqual({
      userId: gina,
      average: 4.33,
      count: 3,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 },
    });
    const stored = await infra.database.query(
      'SELECT review_count, rating_sum, version FROM reviews.rating_summaries WHERE user_id = $1',
      [gina],
    );
    expect(stored).toEqual([{ review_count: 3, rating_sum: 13, version: 3 }]);
    await eventually(async () => {
      const events = (await readStreamEvents<RatingChangedEvent>(infra, EVENTS.reviews.ratingChanged))
        .map((e) => e.data)
        .filter((e) => e.userId === gina);
      expect(events.map(({ average, count, version }) => [average, count, version])).toEqual([
        [5, 1, 1],
        [4.5, 2, 2],
        [4.33, 3, 3],
      ]);
    });
    const first = await rpc.send(RPC.reviews.listUserReviews, { userId: gina, limit: 2 });
    expect(first.items.map((r) => r.rating)).toEqual([4, 4]);
    const second = await rpc.send(RPC.reviews.listUserReviews, { userId: gina, limit: 2, cursor: first.nextCursor! });
    expect(second).toMatchObject({ items: [{ rating: 5 }], nextCursor: null });
    expect(await codeOf(rpc.send(RPC.reviews.listUserReviews, { userId: gina, limit: 2, cursor: 'nope' }))).toEqual([
      ErrorCode.ValidationFailed,
      'Invalid cursor',
    ]);
  });

  it('applies a completed order once, whether the same event is delivered again or published again', async () => {
    const kim = await person('Kim');
    const lea = await person('Lea');
    const event = completed(kim, lea);
    await publish(EVENTS.payments.orderChanged, event, 'completion-1');
    await eventually(async () =>
      expect((await rpc.send(RPC.reviews.getOrderReviews, { actorId: kim, orderId: event.orderId })).status).toBe(
        'open',
      ),
    );
    // The same delivery handled again (a redelivery after a lost ack), then the relay's re-publish under a new id.
    await app
      .get(EventConsumer)
      .apply('completion-1', EVENTS.payments.orderChanged, event, (e, m) =>
        Promise.reject(new Error(`handler ran again for ${JSON.stringify(e)} ${String(m)}`)),
      );
    await processed(infra, 'reviews', [
      await publish(EVENTS.payments.orderChanged, {
        ...event,
        occurredAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    ]);
    const jobs = await infra.database.query(
      `SELECT id FROM reviews_jobs.job WHERE name = 'reviews.window-ends' AND data->>'orderId' = $1`,
      [event.orderId],
    );
    expect(jobs).toHaveLength(1);
    const [order] = await infra.database.query<{ completed_at: Date }>(
      'SELECT completed_at FROM reviews.orders WHERE order_id = $1',
      [event.orderId],
    );
    expect(order.completed_at.toISOString()).toBe(event.occurredAt);
  });

  it('the window ends by itself: the pg-boss job publishes at the deadline', async () => {
    await restart({ REVIEW_WINDOW_DAYS: String(2 / 86_400) });
    const mia = await person('Mia');
    const ned = await person('Ned');
    const orderId = await completeOrder(mia, ned);
    await review(ned, orderId, 4, 'Paid at once');
    expect(await publishedAbout(mia)).toEqual([]);
    await eventually(async () => expect((await publishedAbout(mia)).map((r) => r.rating)).toEqual([4]), 20_000, 250);
    expect(await rating(mia)).toMatchObject({ average: 4, count: 1 });
  }, 40_000);
});
