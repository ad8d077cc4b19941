import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  EVENTS,
  RPC,
  type RatingChangedEvent,
  type SellerStandingChangedEvent,
  type UserUpdatedEvent,
} from '@souvenir/contracts';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';

/** Verified is earned from payments' seller standing; the profile carries reviews' rating. */

const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig);

let counter = 0;
async function registered(): Promise<string> {
  counter += 1;
  const name = `trust${counter}${randomUUID().slice(0, 6)}`;
  const me = await rpc.send(RPC.identity.register, {
    email: `${name}@example.com`,
    password: 'secret1',
    username: name,
    firstName: 'Ana',
    lastName: 'Lopez',
    location: 'Lisbon',
  });
  return me.id;
}

async function publish(subject: string, event: object, msgID: string = randomUUID()): Promise<string> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID });
  return msgID;
}

const standing = (sellerId: string, version: number, payoutsActive: boolean, completedSales: number) =>
  publish(EVENTS.payments.sellerStandingChanged, {
    sellerId,
    payoutsActive,
    completedSales,
    version,
    occurredAt: new Date().toISOString(),
  } satisfies SellerStandingChangedEvent);

async function processed(ids: string[]): Promise<void> {
  await eventually(async () =>
    expect(
      await infra.database.query(`SELECT 1 FROM identity.processed_events WHERE event_id = ANY($1)`, [ids]),
    ).toHaveLength(ids.length),
  );
}

const user = (userId: string) => rpc.send(RPC.identity.getUser, { userId });

async function updatesOf(userId: string): Promise<UserUpdatedEvent[]> {
  const events = await readStreamEvents<UserUpdatedEvent>(infra, EVENTS.identity.userUpdated);
  return events.map((e) => e.data).filter((e) => e.userId === userId);
}

describe('the Verified badge, earned from the seller standing', () => {
  it('needs both an active payout account and a completed sale, and is lost when the account is restricted', async () => {
    const sellerId = await registered();
    expect((await user(sellerId)).isVerified).toBe(false);

    // An active account alone, then a completed sale alone (account restricted): not verified, nothing announced.
    await processed([await standing(sellerId, 1, true, 0)]);
    expect((await user(sellerId)).isVerified).toBe(false);

    await processed([await standing(sellerId, 2, true, 1)]);
    expect((await user(sellerId)).isVerified).toBe(true);
    await eventually(async () =>
      expect((await updatesOf(sellerId)).map((e) => [e.isVerified, e.version])).toEqual([[true, 2]]),
    );

    // An older standing arriving late and the same event again change nothing.
    const late = await standing(sellerId, 1, true, 0);
    await processed([late]);
    expect((await user(sellerId)).isVerified).toBe(true);

    await processed([await standing(sellerId, 3, false, 1)]);
    expect((await user(sellerId)).isVerified).toBe(false);
    await eventually(async () =>
      expect((await updatesOf(sellerId)).map((e) => [e.isVerified, e.version])).toEqual([
        [true, 2],
        [false, 3],
      ]),
    );
    // A standing that does not change the badge (another sale) is not a profile change.
    await processed([await standing(sellerId, 4, false, 2)]);
    expect(await infra.database.query(`SELECT version FROM identity.users WHERE id = $1`, [sellerId])).toEqual([
      { version: 3 },
    ]);
  });

  it('ignores the standing of an unknown user', async () => {
    await processed([await standing(randomUUID(), 1, true, 1)]);
  });
});

describe("the profile's rating", () => {
  it('shows the newest rating from reviews, null without one, in the profile and the batch answer', async () => {
    const userId = await registered();
    expect((await user(userId)).rating).toBeNull();
    const rating = (version: number, average: number | null, count: number, msgID?: string) =>
      publish(
        EVENTS.reviews.ratingChanged,
        { userId, average, count, version, occurredAt: new Date().toISOString() } satisfies RatingChangedEvent,
        msgID,
      );
    const second = await rating(2, 4.5, 2);
    await processed([second]);
    expect((await user(userId)).rating).toEqual({ average: 4.5, count: 2 });
    await processed([await rating(1, 5, 1), await rating(2, 1, 7)]);
    await rating(2, 1, 7, second);
    expect((await user(userId)).rating).toEqual({ average: 4.5, count: 2 });
    await processed([await rating(3, 4.33, 3)]);
    expect((await rpc.send(RPC.identity.getUsersByIds, { userIds: [userId] }))[0].rating).toEqual({
      average: 4.33,
      count: 3,
    });
  });
});
