import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  EVENTS,
  PUSH,
  RPC,
  type LiveEventDto,
  type OrderChangedEvent,
  type ReviewPublishedEvent,
  type ReviewReminderDueEvent,
  type ReviewWrittenEvent,
  type UserRegisteredEvent,
} from '@souvenir/contracts';
import { eventually, processed, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { NotificationsConfig } from '../src/config/notifications.config';

/*
 * Reviews in the bell and the live stream: the reviews service's events as it publishes them on the
 * suite's JetStream, identity's for the first names the sentences use; read back as the gateway reads them.
 */

async function publish(subject: string, payload: object): Promise<string> {
  const msgID = randomUUID();
  await jetstream(nc).publish(subject, JSON.stringify(payload), { msgID });
  return msgID;
}

function pushedTo(userId: string): LiveEventDto[] {
  const received: LiveEventDto[] = [];
  nc.subscribe(PUSH.user(userId), { callback: (_e, msg) => void received.push(msg.json<LiveEventDto>()) });
  return received;
}

const bellOf = async (actorId: string) =>
  (await rpc.send(RPC.notifications.listNotifications, { actorId, limit: 50 })).items;
const eventsOf = async (actorId: string) =>
  (await rpc.send(RPC.notifications.listEventsAfter, { actorId, afterId: '0' })).events;

/** A person identity told notifications about (its event applied before the test goes on). */
async function person(firstName: string, version = 1): Promise<string> {
  const userId = randomUUID();
  await named(userId, firstName, version, EVENTS.identity.userRegistered);
  return userId;
}

async function named(userId: string, firstName: string, version: number, subject: string): Promise<string> {
  const event: UserRegisteredEvent = {
    userId,
    username: `u${userId.slice(0, 8)}`,
    firstName,
    lastName: 'Test',
    avatar: null,
    location: null,
    isVerified: false,
    version,
    occurredAt: new Date().toISOString(),
  };
  return publish(subject, event);
}

const nameOf = async (userId: string) =>
  (
    await infra.database.query<{ first_name: string }>(
      `SELECT first_name FROM notifications.user_names WHERE user_id = $1`,
      [userId],
    )
  )[0]?.first_name;

function review(
  authorId: string,
  subjectId: string,
  orderId = randomUUID(),
): ReviewWrittenEvent & ReviewPublishedEvent {
  return { reviewId: randomUUID(), orderId, authorId, subjectId, occurredAt: new Date().toISOString() };
}

const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, NotificationsConfig);

describe('reviews in the bell', () => {
  it('a review written tells the reviewed person by name, in the bell and live; the author only live', async () => {
    const [ana, ben] = [await person('Ana'), await person('Ben')];
    await eventually(async () => expect(await nameOf(ana)).toBe('Ana'));
    const [toAna, toBen] = [pushedTo(ana), pushedTo(ben)];
    await nc.flush();
    const written = review(ana, ben);
    await publish(EVENTS.reviews.reviewWritten, written);
    await eventually(async () => expect(await bellOf(ben)).toHaveLength(1));
    expect((await bellOf(ben))[0]).toMatchObject({
      kind: 'review',
      text: 'Ana reviewed you: write yours to see it',
      link: `/orders/${written.orderId}`,
      readAt: null,
    });
    const data = { type: 'review.changed', orderId: written.orderId, subjectId: ben, change: 'written' };
    await eventually(() => expect(toBen.map((e) => e.data)).toEqual([data]));
    expect(toBen[0].notificationId).toEqual((await bellOf(ben))[0].id);
    await eventually(() => expect(toAna.map((e) => e.data)).toEqual([data]));
    expect(toAna[0].notificationId).toBeNull();
    expect(await bellOf(ana)).toEqual([]);
  });

  it("a review published tells its author in the bell, linking to the person's Reviews tab; the person live", async () => {
    const [cleo, dan] = [await person('Cleo'), await person('Dan')];
    await eventually(async () => expect(await nameOf(dan)).toBe('Dan'));
    const published = review(cleo, dan);
    await publish(EVENTS.reviews.reviewPublished, published);
    await eventually(async () => expect(await bellOf(cleo)).toHaveLength(1));
    expect((await bellOf(cleo))[0]).toMatchObject({
      kind: 'review',
      text: 'Your review of Dan is published',
      link: `/profile/${dan}?tab=reviews`,
    });
    expect(await bellOf(dan)).toEqual([]);
    expect((await eventsOf(dan)).map((e) => e.data)).toEqual([
      { type: 'review.changed', orderId: published.orderId, subjectId: dan, change: 'published' },
    ]);
  });

  it('a reminder asks its person, with the closing date, to review the order', async () => {
    const eve = await person('Eve');
    const reminder: ReviewReminderDueEvent = {
      orderId: randomUUID(),
      userId: eve,
      dueBy: '2026-12-09T12:00:00.000Z',
      occurredAt: new Date().toISOString(),
    };
    await publish(EVENTS.reviews.reminderDue, reminder);
    await eventually(async () => expect(await bellOf(eve)).toHaveLength(1));
    expect((await bellOf(eve))[0]).toMatchObject({
      kind: 'review',
      text: 'Leave a review for your order before 9 December',
      link: `/orders/${reminder.orderId}`,
    });
    expect((await eventsOf(eve)).map((e) => e.data)).toEqual([
      { type: 'review.changed', orderId: reminder.orderId, subjectId: eve, change: 'reminder' },
    ]);
  });

  it("names the order's item, known from payments' order events, and says sale to its seller", async () => {
    const [hana, ivo] = [await person('Hana'), await person('Ivo')];
    const orderId = randomUUID();
    const completed: OrderChangedEvent = {
      orderId,
      productId: randomUUID(),
      sellerId: ivo,
      buyerUserId: hana,
      from: 'delivered',
      to: 'completed',
      actor: 'buyer',
      productTitle: 'Bo Sang Paper Umbrella',
      occurredAt: new Date().toISOString(),
    };
    await publish(EVENTS.payments.orderChanged, completed);
    // The seller's "Your sale … is complete" shows the order event has been applied.
    await eventually(async () => expect(await bellOf(ivo)).toHaveLength(1));
    await publish(EVENTS.reviews.reviewWritten, review(hana, ivo, orderId));
    await eventually(async () => expect(await bellOf(ivo)).toHaveLength(2));
    expect((await bellOf(ivo))[0].text).toBe('Hana reviewed you for Bo Sang Paper Umbrella: write yours to see it');
    const due = { orderId, dueBy: '2026-12-09T12:00:00.000Z', occurredAt: new Date().toISOString() };
    await publish(EVENTS.reviews.reminderDue, { ...due, userId: ivo } satisfies ReviewReminderDueEvent);
    await eventually(async () => expect(await bellOf(ivo)).toHaveLength(3));
    expect((await bellOf(ivo))[0].text).toBe(
      'Leave a review for your sale of Bo Sang Paper Umbrella before 9 December',
    );
    await publish(EVENTS.reviews.reminderDue, { ...due, userId: hana } satisfies ReviewReminderDueEvent);
    await eventually(async () =>
      expect((await bellOf(hana)).map((n) => n.text)).toContain(
        'Leave a review for your order of Bo Sang Paper Umbrella before 9 December',
      ),
    );
  });

  it('names nobody when the author is unknown, and keeps the newest name whatever the order of its events', async () => {
    const [stranger, fay] = [randomUUID(), await person('Fay')];
    await publish(EVENTS.reviews.reviewWritten, review(stranger, fay));
    await eventually(async () => expect(await bellOf(fay)).toHaveLength(1));
    expect((await bellOf(fay))[0].text).toBe('The other person of your order reviewed you: write yours to see it');

    const gus = randomUUID();
    await named(gus, 'Gustav', 2, EVENTS.identity.userUpdated);
    await eventually(async () => expect(await nameOf(gus)).toBe('Gustav'));
    await processed(infra, 'notifications', [await named(gus, 'Gus', 1, EVENTS.identity.userRegistered)]);
    expect(await nameOf(gus)).toBe('Gustav');
  });
});
