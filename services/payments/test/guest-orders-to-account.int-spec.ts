import { EVENTS, RPC, type EmailVerificationRequestedEvent } from '@souvenir/contracts';
import { eventually, readStreamEvents } from '@souvenir/testing';
import { DataSource } from 'typeorm';
import { GuestOrdersToAccount } from '../src/guest-links/guest-orders-to-account';
import { OrderHarness } from './order-harness';

/**
 * A guest who later registers with the same address sees their guest orders in My Orders, once the address is
 * verified (identity's email.verified event, over real NATS), never before.
 */
const h = new OrderHarness();
beforeAll(() => h.start(), 60_000);
afterAll(() => h.stop());

const purchases = async (actorId: string) =>
  (await h.rpc.send(RPC.payments.listOrdersPage, { actorId, role: 'purchases' })).items.map((o) => o.id);

/** The verification link's token identity mailed (its event) to this account. */
const verificationToken = (userId: string) =>
  eventually(async () => {
    const event = (
      await readStreamEvents<EmailVerificationRequestedEvent>(h.infra, EVENTS.identity.emailVerificationRequested)
    )
      .map((e) => e.data)
      .find((e) => e.userId === userId);
    expect(event).toBeDefined();
    return new URL(event!.linkPath, 'http://x').searchParams.get('token')!;
  });

describe('guest orders join the account that verifies their address', () => {
  it('not at registration; after the verification link, every paid guest order of that address, once', async () => {
    const first = await h.buy('guest');
    const second = await h.buy('guest');
    const gia = await h.rpc.send(RPC.identity.register, {
      email: 'GIA@example.com',
      password: 'secret1',
      username: 'gia',
      firstName: 'Gia',
      lastName: 'Guest',
    });
    // Registering with the address proves nothing: the orders stay the guest's.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await purchases(gia.id)).toEqual([]);

    await h.rpc.send(RPC.identity.confirmEmailVerification, { token: await verificationToken(gia.id) });
    await eventually(async () =>
      expect((await purchases(gia.id)).sort()).toEqual([first.orderId, second.orderId].sort()),
    );

    // As a member's order now: by session, with the account as the buyer; the guest's old link still opens it.
    expect(await h.get(first.orderId, gia.id)).toMatchObject({ viewer: 'buyer', buyer: { id: gia.id } });
    expect(await h.get(first.token!)).toMatchObject({ id: first.orderId, viewer: 'buyer' });

    // Applying the proof again takes nothing more and changes nothing.
    const give = h.payments.get(GuestOrdersToAccount);
    const again = await h.payments
      .get(DataSource)
      .transaction((manager) =>
        give.give({ userId: gia.id, email: 'gia@example.com', occurredAt: new Date().toISOString() }, manager),
      );
    expect(again).toBe(0);
    expect((await purchases(gia.id)).sort()).toEqual([first.orderId, second.orderId].sort());
  });

  it("never makes an account the buyer of its own listing, and leaves other addresses' orders alone", async () => {
    const own = await h.buy('guest');
    const other = await h.buy('guest');
    await h.infra.database.query(`UPDATE payments.orders SET contact_email = 'sally@example.com' WHERE id = $1`, [
      own.orderId,
    ]);
    await h.infra.database.query(`UPDATE payments.orders SET contact_email = 'olga@example.com' WHERE id = $1`, [
      other.orderId,
    ]);
    const give = h.payments.get(GuestOrdersToAccount);
    const taken = await h.payments
      .get(DataSource)
      .transaction((manager) =>
        give.give({ userId: h.seller, email: 'sally@example.com', occurredAt: new Date().toISOString() }, manager),
      );
    expect(taken).toBe(0);
    const [row] = await h.infra.database.query<{ buyer_user_id: string | null }>(
      'SELECT buyer_user_id FROM payments.orders WHERE id = $1',
      [other.orderId],
    );
    expect(row!.buyer_user_id).toBeNull();
  });
});
