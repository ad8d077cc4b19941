import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  EVENTS,
  RPC,
  type OrderChangedEvent,
  type RatingChangedEvent,
  type ReviewPublishedEvent,
  type ReviewReminderDueEvent,
  type ReviewWrittenEvent,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { ReviewsConfig } from '../src/config/reviews.config';
import { ReviewReminders } from '../src/reviews/review-reminders';

/*
 * What reviews tells others (review.written, review.published, reminder.due) and the support queue of reported
 * reviews, on the real Postgres and NATS, with identity registering the people and answering who is support.
 * The reminder is due two seconds after completion here (REVIEW_REMINDER_DAYS), the window still 14 days.
 */
const {
  infra,
  app: reviewsApp,
  rpc,
} = serviceSuite(SERVICE_NAME, AppModule, ReviewsConfig, {
  env: { REVIEW_REMINDER_DAYS: String(2 / 86_400) },
  before: [{ name: IDENTITY, module: IdentityModule, config: IdentityConfig }],
  rpcTimeoutMs: 8000,
});

async function person(username: string): Promise<string> {
  const user = await rpc.send(RPC.identity.register, {
    email: `${username}@example.com`,
    password: 'secret1',
    username,
    firstName: username[0].toUpperCase() + username.slice(1),
    lastName: 'Test',
  });
  return user.id;
}

/** A completed order, once reviews has recorded its slots and both profiles reached its read model. */
async function completeOrder(buyer: string, seller: string): Promise<string> {
  const event: OrderChangedEvent = {
    orderId: randomUUID(),
    productId: randomUUID(),
    sellerId: seller,
    buyerUserId: buyer,
    from: 'delivered',
    to: 'completed',
    actor: 'buyer',
    occurredAt: new Date().toISOString(),
  };
  const nc = await connect({ servers: infra.natsUrl });
  await jetstream(nc).publish(EVENTS.payments.orderChanged, JSON.stringify(event), { msgID: randomUUID() });
  await nc.close();
  await eventually(async () =>
    expect((await rpc.send(RPC.reviews.getOrderReviews, { actorId: buyer, orderId: event.orderId })).status).toBe(
      'open',
    ),
  );
  return event.orderId;
}

/** Every reminder job of the order has run, and whatever they announced has left reviews' outbox for the stream. */
async function remindersDone(orderId: string): Promise<void> {
  await eventually(
    async () => {
      const jobs = await infra.database.query<{ state: string }>(
        `SELECT state FROM reviews_jobs.job WHERE name = 'reviews.remind' AND data->>'orderId' = $1`,
        [orderId],
      );
      expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
      const [{ n }] = await infra.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM reviews.outbox_events WHERE published_at IS NULL',
      );
      expect(n).toBe(0);
    },
    20_000,
    250,
  );
}

const review = (actorId: string, orderId: string, rating: number, text = `${rating} stars`) =>
  rpc.send(RPC.reviews.createReview, { actorId, orderId, rating, text });
const events = async <T>(subject: string, orderId: string) =>
  (await readStreamEvents<T & { orderId: string }>(infra, subject))
    .map((e) => e.data)
    .filter((e) => e.orderId === orderId);

async function codeOf(promise: Promise<unknown>): Promise<[ErrorCode, string] | null> {
  return promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? [e.code, e.message] : null),
  );
}

let support: string;

beforeAll(async () => {
  support = await person('sue');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support]);
}, 120_000);

describe('events for notifications', () => {
  it('announces each review when written and when published, with who wrote it about whom', async () => {
    const [ann, bob] = await Promise.all(['ann', 'bob'].map(person));
    const orderId = await completeOrder(ann, bob);
    const first = await review(ann, orderId, 5, 'Lovely');
    await rpc.send(RPC.reviews.updateReview, { actorId: ann, orderId, rating: 4, text: 'Lovely, slow' });
    await eventually(async () =>
      expect(await events<ReviewWrittenEvent>(EVENTS.reviews.reviewWritten, orderId)).toEqual([
        { reviewId: first.mine!.id, orderId, authorId: ann, subjectId: bob, occurredAt: expect.any(String) },
      ]),
    );
    expect(await events(EVENTS.reviews.reviewPublished, orderId)).toEqual([]);
    const both = await review(bob, orderId, 5, 'Quick payment');
    await eventually(async () => {
      const published = await events<ReviewPublishedEvent>(EVENTS.reviews.reviewPublished, orderId);
      expect(published.map((e) => [e.reviewId, e.authorId, e.subjectId]).sort()).toEqual(
        [
          [first.mine!.id, ann, bob],
          [both.mine!.id, bob, ann],
        ].sort(),
      );
      expect(await events(EVENTS.reviews.reviewWritten, orderId)).toHaveLength(2);
    });
  });

  it('reminds once, only the person who has not written, while the window is open', async () => {
    const [cat, dan] = await Promise.all(['cat', 'dan'].map(person));
    const orderId = await completeOrder(cat, dan);
    await review(cat, orderId, 5, 'Great');
    const jobs = () =>
      infra.database.query<{ user_id: string; state: string }>(
        `SELECT data->>'userId' AS user_id, state FROM reviews_jobs.job WHERE name = 'reviews.remind' AND data->>'orderId' = $1`,
        [orderId],
      );
    expect((await jobs()).map((j) => j.user_id).sort()).toEqual([cat, dan].sort());
    // Both jobs run about two seconds after completion; only Dan, who has not written, is reminded.
    await eventually(
      async () => expect((await jobs()).map((j) => j.state)).toEqual(['completed', 'completed']),
      20_000,
      250,
    );
    await eventually(async () =>
      expect(await events<ReviewReminderDueEvent>(EVENTS.reviews.reminderDue, orderId)).toEqual([
        { orderId, userId: dan, dueBy: expect.any(String), occurredAt: expect.any(String) },
      ]),
    );
    const [order] = await infra.database.query<{ window_ends_at: Date }>(
      'SELECT window_ends_at FROM reviews.orders WHERE order_id = $1',
      [orderId],
    );
    expect((await events<ReviewReminderDueEvent>(EVENTS.reviews.reminderDue, orderId))[0].dueBy).toBe(
      order.window_ends_at.toISOString(),
    );
    // The job run again (a retry after a lost acknowledgement) reminds nobody twice.
    const reminders = reviewsApp.get(ReviewReminders);
    expect(await reminders.remind(orderId, dan)).toBe(false);
    expect(await reminders.remind(orderId, cat)).toBe(false);
    await remindersDone(orderId);
    expect(await events(EVENTS.reviews.reminderDue, orderId)).toHaveLength(1);
    expect(await infra.database.query('SELECT user_id FROM reviews.reminders WHERE order_id = $1', [orderId])).toEqual([
      { user_id: dan },
    ]);
  });

  it('reminds nobody once the window has ended', async () => {
    const [eve, fay] = await Promise.all(['eve', 'fay'].map(person));
    const orderId = await completeOrder(eve, fay);
    await infra.database.query(`UPDATE reviews.orders SET window_ends_at = now() WHERE order_id = $1`, [orderId]);
    expect(await reviewsApp.get(ReviewReminders).remind(orderId, eve)).toBe(false);
    // The scheduled jobs still run (about two seconds after completion) and find the window closed.
    await remindersDone(orderId);
    expect(await events(EVENTS.reviews.reminderDue, orderId)).toEqual([]);
  });
});

describe('reported reviews', () => {
  it('takes one report per person of a public review they did not write', async () => {
    const [gus, hal, ida] = await Promise.all(['gus', 'hal', 'ida'].map(person));
    const orderId = await completeOrder(gus, hal);
    const hidden = await review(gus, orderId, 1, 'Rude seller');
    const reviewId = hidden.mine!.id;
    const report = (actorId: string, reason = 'Insulting') =>
      rpc.send(RPC.reviews.reportReview, { actorId, reviewId, reason });
    // Hidden (double-blind): nobody but its author sees it, so nobody can report it.
    expect(await codeOf(report(ida))).toEqual([ErrorCode.NotFound, 'Review not found']);
    await review(hal, orderId, 5);
    expect(await codeOf(report(gus))).toEqual([ErrorCode.Forbidden, 'You cannot report your own review']);
    expect(await codeOf(report(ida, '   '))).toEqual([ErrorCode.ValidationFailed, expect.any(String)]);
    expect(await codeOf(report(ida, 'x'.repeat(501)))).toEqual([ErrorCode.ValidationFailed, expect.any(String)]);
    expect(await codeOf(report(ida, 'bad\u202Etext'))).toEqual([ErrorCode.ValidationFailed, expect.any(String)]);
    expect(await report(ida, '  Not about the order  ')).toEqual({ ok: true });
    expect(await codeOf(report(ida))).toEqual([ErrorCode.Conflict, 'You have already reported this review']);
    expect(await report(hal, 'x'.repeat(500))).toEqual({ ok: true });
    expect(
      await codeOf(rpc.send(RPC.reviews.reportReview, { actorId: ida, reviewId: randomUUID(), reason: 'x' })),
    ).toEqual([ErrorCode.NotFound, 'Review not found']);
  });

  it('support sees reported reviews, dismisses the reports or hides the review out of lists and the rating', async () => {
    const [joe, kit, lou, max] = await Promise.all(['joe', 'kit', 'lou', 'max'].map(person));
    // Kit has two published reviews as a seller: 5 from Joe, 1 from Lou.
    const fromJo = await completeOrder(joe, kit);
    await review(joe, fromJo, 5, 'Perfect');
    await review(kit, fromJo, 5);
    const fromLou = await completeOrder(lou, kit);
    const bad = (await review(lou, fromLou, 1, 'Total scam, avoid')).mine!.id;
    await review(kit, fromLou, 4);
    expect(await rpc.send(RPC.reviews.getRating, { userId: kit })).toMatchObject({ average: 3, count: 2 });

    const queue = (actorId = support) => rpc.send(RPC.reviews.listReportedReviews, { actorId, limit: 20 });
    const mine = async () => (await queue()).items.filter((item) => item.review.subjectId === kit);
    expect(await codeOf(queue(max))).toEqual([ErrorCode.Forbidden, 'Only support can moderate reviews']);
    expect(await codeOf(rpc.send(RPC.reviews.hideReview, { actorId: kit, reviewId: bad }))).toEqual([
      ErrorCode.Forbidden,
      'Only support can moderate reviews',
    ]);

    await rpc.send(RPC.reviews.reportReview, {
      actorId: kit,
      reviewId: bad,
      reason: 'They never received it? Tracking says delivered.',
    });
    await rpc.send(RPC.reviews.reportReview, { actorId: max, reviewId: bad, reason: 'Abusive' });
    expect(await mine()).toEqual([
      {
        review: expect.objectContaining({
          id: bad,
          rating: 1,
          text: 'Total scam, avoid',
          author: expect.objectContaining({ id: lou, firstName: 'Lou' }),
        }),
        subject: expect.objectContaining({ id: kit, firstName: 'Kit' }),
        reportCount: 2,
        reports: [
          {
            reporterId: kit,
            reason: 'They never received it? Tracking says delivered.',
            createdAt: expect.any(String),
          },
          { reporterId: max, reason: 'Abusive', createdAt: expect.any(String) },
        ],
        reportedAt: expect.any(String),
      },
    ]);

    // Dismissed: out of the queue, still public; a new reporter brings it back, an old one cannot.
    expect(await rpc.send(RPC.reviews.dismissReports, { actorId: support, reviewId: bad })).toEqual({ ok: true });
    expect(await mine()).toEqual([]);
    expect(await codeOf(rpc.send(RPC.reviews.dismissReports, { actorId: support, reviewId: bad }))).toEqual([
      ErrorCode.Conflict,
      'This review has no open reports',
    ]);
    expect(await codeOf(rpc.send(RPC.reviews.reportReview, { actorId: max, reviewId: bad, reason: 'Again' }))).toEqual([
      ErrorCode.Conflict,
      'You have already reported this review',
    ]);
    await rpc.send(RPC.reviews.reportReview, { actorId: joe, reviewId: bad, reason: 'Unfair' });
    expect((await mine()).map((item) => [item.reportCount, item.reports.map((r) => r.reason)])).toEqual([
      [1, ['Unfair']],
    ]);

    // Hidden: out of the queue, the list and the rating, in one transaction with the rating's event.
    expect(await rpc.send(RPC.reviews.hideReview, { actorId: support, reviewId: bad })).toEqual({ ok: true });
    expect(await mine()).toEqual([]);
    const list = await rpc.send(RPC.reviews.listUserReviews, { userId: kit, limit: 10 });
    expect(list.items.map((r) => r.rating)).toEqual([5]);
    expect(await rpc.send(RPC.reviews.getRating, { userId: kit })).toEqual({
      userId: kit,
      average: 5,
      count: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
    });
    await eventually(async () => {
      const changes = (await readStreamEvents<RatingChangedEvent>(infra, EVENTS.reviews.ratingChanged))
        .map((e) => e.data)
        .filter((e) => e.userId === kit);
      expect(changes.map(({ average, count, version }) => [average, count, version])).toEqual([
        [5, 1, 1],
        [3, 2, 2],
        [5, 1, 3],
      ]);
    });
    expect(await rpc.send(RPC.reviews.getOrderReviews, { actorId: kit, orderId: fromLou })).toMatchObject({
      theirs: null,
    });
    expect(await codeOf(rpc.send(RPC.reviews.hideReview, { actorId: support, reviewId: bad }))).toEqual([
      ErrorCode.Conflict,
      'This review is already hidden',
    ]);
    expect(await codeOf(rpc.send(RPC.reviews.reportReview, { actorId: max, reviewId: bad, reason: 'x' }))).toEqual([
      ErrorCode.NotFound,
      'Review not found',
    ]);
    expect(await codeOf(rpc.send(RPC.reviews.replyToReview, { actorId: kit, reviewId: bad, text: 'x' }))).toEqual([
      ErrorCode.NotFound,
      'Review not found',
    ]);
  });

  it('pages the queue oldest report first', async () => {
    const [ned, ola, pia] = await Promise.all(['ned', 'ola', 'pia'].map(person));
    const ids: string[] = [];
    for (const buyer of [ned, ola]) {
      const orderId = await completeOrder(buyer, pia);
      ids.push((await review(buyer, orderId, 2)).mine!.id);
      await review(pia, orderId, 5);
    }
    for (const reviewId of ids) await rpc.send(RPC.reviews.reportReview, { actorId: pia, reviewId, reason: 'Unfair' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await rpc.send(RPC.reviews.listReportedReviews, {
        actorId: support,
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((item) => item.review.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(
      await codeOf(rpc.send(RPC.reviews.listReportedReviews, { actorId: support, limit: 1, cursor: 'nope' })),
    ).toEqual([ErrorCode.ValidationFailed, 'Invalid cursor']);
  });
});
