import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ErrorCode, EVENTS, RPC, type OrderChangedEvent } from '@souvenir/contracts';
import { eventually, processed, serviceSuite, userDeleted } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { ReviewsConfig } from '../src/config/reviews.config';

/**
 * reviews' part of an account deletion (identity's user.deleted over real NATS): the reviews the person wrote stay,
 * under "Deleted user" without a photo; the reviews and the rating they received stay too. A replay, or a profile
 * event arriving late, brings nothing back.
 */
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, ReviewsConfig);

async function publish(subject: string, payload: object, msgID: string = randomUUID()): Promise<string> {
  const nc = await connect({ servers: infra.natsUrl });
  await jetstream(nc).publish(subject, JSON.stringify(payload), { msgID });
  await nc.close();
  return msgID;
}

const profile = (userId: string, firstName: string, version: number) => ({
  userId,
  username: firstName.toLowerCase(),
  firstName,
  lastName: 'Test',
  avatar: 'https://img.example.com/face.png',
  location: 'Oslo, Norway',
  isVerified: false,
  version,
  occurredAt: new Date().toISOString(),
});

it('shows the reviews a deleted person wrote under "Deleted user", keeps what they received, and replays safely', async () => {
  const [leaving, seller] = [randomUUID(), randomUUID()];
  await processed(infra, 'reviews', [
    await publish(EVENTS.identity.userRegistered, profile(leaving, 'Ingrid', 1)),
    await publish(EVENTS.identity.userRegistered, profile(seller, 'Sakura', 1)),
  ]);
  const order: OrderChangedEvent = {
    orderId: randomUUID(),
    productId: randomUUID(),
    sellerId: seller,
    buyerUserId: leaving,
    from: 'delivered',
    to: 'completed',
    actor: 'buyer',
    occurredAt: new Date().toISOString(),
  };
  await processed(infra, 'reviews', [await publish(EVENTS.payments.orderChanged, order)]);
  await rpc.send(RPC.reviews.createReview, {
    actorId: leaving,
    orderId: order.orderId,
    rating: 5,
    text: 'Lovely seller',
  });
  await rpc.send(RPC.reviews.createReview, {
    actorId: seller,
    orderId: order.orderId,
    rating: 4,
    text: 'Quick payment',
  });
  const about = async (userId: string) => (await rpc.send(RPC.reviews.listUserReviews, { userId, limit: 100 })).items;
  await eventually(async () => expect(await about(seller)).toHaveLength(1));

  await userDeleted(infra, 'reviews', leaving, 'reviews-erasure-1');

  const [written] = await about(seller);
  expect(written).toMatchObject({
    rating: 5,
    text: 'Lovely seller',
    author: { firstName: 'Deleted', lastName: 'user' },
  });
  expect(written.author?.avatar ?? null).toBeNull();
  expect((await about(leaving)).map((r) => r.text)).toEqual(['Quick payment']);

  await userDeleted(infra, 'reviews', leaving, 'reviews-erasure-2');
  await processed(infra, 'reviews', [await publish(EVENTS.identity.userUpdated, profile(leaving, 'Ingrid', 8))]);
  expect(await about(seller)).toEqual([written]);
});

it('refuses a review of a deleted account with a sentence, on an order still open for reviews', async () => {
  const [buyer, leaving] = [randomUUID(), randomUUID()];
  await processed(infra, 'reviews', [
    await publish(EVENTS.identity.userRegistered, profile(buyer, 'Tunde', 1)),
    await publish(EVENTS.identity.userRegistered, profile(leaving, 'Ingrid', 1)),
  ]);
  const order: OrderChangedEvent = {
    orderId: randomUUID(),
    productId: randomUUID(),
    sellerId: leaving,
    buyerUserId: buyer,
    from: 'delivered',
    to: 'completed',
    actor: 'buyer',
    occurredAt: new Date().toISOString(),
  };
  await processed(infra, 'reviews', [await publish(EVENTS.payments.orderChanged, order)]);
  await userDeleted(infra, 'reviews', leaving, 'reviews-erasure-refuse');

  const refused = await rpc
    .send(RPC.reviews.createReview, { actorId: buyer, orderId: order.orderId, rating: 1, text: 'Never mind' })
    .then(
      () => null,
      (error: unknown) => error as { code?: string; message?: string },
    );
  expect(refused).toMatchObject({
    code: ErrorCode.Conflict,
    message: 'This account was deleted: it can no longer be reviewed',
  });
  expect((await rpc.send(RPC.reviews.listUserReviews, { userId: leaving, limit: 100 })).items).toEqual([]);
});
