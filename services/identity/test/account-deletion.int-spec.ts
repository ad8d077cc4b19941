import type { Subscription } from '@nats-io/transport-node';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_MESSAGES,
  ErrorCode,
  EVENTS,
  RPC,
  type DeletionBlockersDto,
  type MeDto,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { serviceSuite } from '@souvenir/testing';
import { generate } from 'otplib';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';

/**
 * identity's account deletion on real Postgres and NATS, payments' answer stubbed on NATS: self only, the password
 * and the code, refused while payments holds something open, then identity's personal data erased, the credentials
 * dead and one user.deleted written, however many times it is asked, at once or later.
 */
const blockers = new Map<string, DeletionBlockersDto>();
let payments: Subscription;

const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig, {
  cleanUp: async () => payments?.unsubscribe(),
});

const none = { openOrders: [], heldCents: 0, unpaidCents: 0, currency: 'usd' };

beforeAll(() => {
  payments = nc.subscribe(RPC.payments.deletionBlockers, {
    queue: 'payments',
    callback: (_error, msg) => {
      const { data } = msg.json<{ data: { userId: string } }>();
      msg.respond(JSON.stringify({ response: blockers.get(data.userId) ?? none }));
    },
  });
});

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const register = (username: string): Promise<MeDto> =>
  rpc.send(RPC.identity.register, {
    email: `${username}@example.com`,
    password: 'secret12',
    username,
    firstName: 'Tomás',
    lastName: 'Reis',
    location: 'Porto',
  });
const deletedEvents = async (userId: string) =>
  (
    await infra.database.query(`SELECT 1 FROM identity.outbox_events WHERE subject = $1 AND payload->>'userId' = $2`, [
      EVENTS.identity.userDeleted,
      userId,
    ])
  ).length;

describe('account deletion (identity)', () => {
  it('refuses another account, a wrong password, and an open order with payments’ sentence', async () => {
    const me = await register('tomasdel');
    const other = await register('otherdel');
    expect(
      await errorOf(rpc.send(RPC.identity.deleteAccount, { actorId: other.id, userId: me.id, password: 'secret12' })),
    ).toMatchObject({ code: ErrorCode.Forbidden, message: ACCOUNT_DELETION_MESSAGES.onlyYourOwn });
    expect(
      await errorOf(rpc.send(RPC.identity.deleteAccount, { actorId: me.id, userId: me.id, password: 'wrong-one' })),
    ).toMatchObject({ code: ErrorCode.Forbidden, message: ACCOUNT_MESSAGES.wrongPassword });
    blockers.set(me.id, {
      ...none,
      openOrders: [{ orderId: me.id, productTitle: 'Azulejo tile', role: 'seller' }],
      heldCents: 2500,
    });
    const blocked = await errorOf(
      rpc.send(RPC.identity.deleteAccount, { actorId: me.id, userId: me.id, password: 'secret12' }),
    );
    expect(blocked.code).toBe(ErrorCode.Conflict);
    expect(blocked.message).toBe(
      'You have 1 open order (“Azulejo tile”). You can delete your account once it is completed, cancelled or ' +
        'refunded. 25.00 USD from your sales has not been paid out to you yet. You can delete your account once it ' +
        'has reached your bank account (see Payouts).',
    );
    expect(await deletedEvents(me.id)).toBe(0);
    expect((await rpc.send(RPC.identity.getUser, { userId: me.id })).firstName).toBe('Tomás');
  });

  it('needs a code with two-step sign-in on, even with the password', async () => {
    const me = await register('tomas2fadel');
    const setup = await rpc.send(RPC.identity.setUpTwoFactor, { actorId: me.id });
    await rpc.send(RPC.identity.enableTwoFactor, { actorId: me.id, code: await generate({ secret: setup.secret }) });
    expect(
      await errorOf(rpc.send(RPC.identity.deleteAccount, { actorId: me.id, userId: me.id, password: 'secret12' })),
    ).toMatchObject({ code: ErrorCode.Forbidden, message: ACCOUNT_DELETION_MESSAGES.codeRequired });
    await rpc.send(RPC.identity.deleteAccount, {
      actorId: me.id,
      userId: me.id,
      password: 'secret12',
      code: setup.recoveryCodes[0],
    });
    expect(await infra.database.query('SELECT 1 FROM identity.two_factor WHERE user_id = $1', [me.id])).toEqual([]);
    expect(await infra.database.query('SELECT 1 FROM identity.recovery_codes WHERE user_id = $1', [me.id])).toEqual([]);
  });

  it('erases the person once, however often it is asked, and frees the username and address', async () => {
    const me = await register('anadel');
    // An export on its way: the deletion ends it, so its job can no longer hand media an archive.
    await infra.database.query(
      `INSERT INTO identity.data_exports (id, user_id, status, created_at) VALUES (gen_random_uuid(), $1, 'pending', now())`,
      [me.id],
    );
    const ask = () => rpc.send(RPC.identity.deleteAccount, { actorId: me.id, userId: me.id, password: 'secret12' });
    expect(await Promise.all([ask(), ask(), ask()])).toEqual([{ userId: me.id }, { userId: me.id }, { userId: me.id }]);
    expect(await ask()).toEqual({ userId: me.id });
    expect(await deletedEvents(me.id)).toBe(1);

    const [row] = await infra.database.query<Record<string, unknown>>(
      `SELECT username, email, first_name, last_name, avatar, location, password_hash, deleted_at FROM identity.users
        WHERE id = $1`,
      [me.id],
    );
    expect(JSON.stringify(row)).not.toMatch(/anadel|Tomás|Reis|Porto|argon2/);
    expect(row.deleted_at).not.toBeNull();
    expect(await infra.database.query('SELECT 1 FROM identity.data_exports WHERE user_id = $1', [me.id])).toEqual([]);
    expect((await errorOf(rpc.send(RPC.identity.getUser, { userId: me.id }))).code).toBe(ErrorCode.NotFound);
    expect(await rpc.send(RPC.identity.getUsersByIds, { userIds: [me.id] })).toEqual([]);
    expect(await rpc.send(RPC.identity.getUserEmails, { userIds: [me.id] })).toEqual([]);
    expect(
      (await errorOf(rpc.send(RPC.identity.verifyCredentials, { username: 'anadel', password: 'secret12' }))).code,
    ).toBe(ErrorCode.Unauthenticated);

    const again = await register('anadel');
    expect(again.id).not.toBe(me.id);
  });
});
