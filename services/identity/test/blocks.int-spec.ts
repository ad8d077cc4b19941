import { randomUUID } from 'node:crypto';
import type { Subscription } from '@nats-io/transport-node';
import { BLOCK_MESSAGES, BlockChangedEvent, ErrorCode, EVENTS, RPC } from '@souvenir/contracts';
import { DomainError, parsePayload } from '@souvenir/platform';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';
import { IDENTITY_EXPORT_SECTIONS } from '../src/privacy/export-sections';

/** Blocking, as identity owns it: the blocks, their events, the list, the export and the erasure. */

let payments: Subscription;
const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig, {
  cleanUp: async () => payments?.unsubscribe(),
});

// An account deletion asks payments first: nothing open for anyone here.
beforeAll(() => {
  payments = nc.subscribe(RPC.payments.deletionBlockers, {
    queue: 'payments',
    callback: (_error, msg) => {
      msg.respond(JSON.stringify({ response: { openOrders: [], heldCents: 0, unpaidCents: 0, currency: 'usd' } }));
    },
  });
});

let counter = 0;
async function registered(firstName = 'Ana'): Promise<string> {
  counter += 1;
  const name = `block${counter}${randomUUID().slice(0, 6)}`;
  const me = await rpc.send(RPC.identity.register, {
    email: `${name}@example.com`,
    password: 'secret1',
    username: name,
    firstName,
    lastName: 'Lopez',
    location: 'Lisbon',
  });
  return me.id;
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function changesBy(blockerId: string): Promise<BlockChangedEvent[]> {
  const events = await readStreamEvents<BlockChangedEvent>(infra, EVENTS.identity.blockChanged);
  return events.map((e) => e.data).filter((e) => e.blockerId === blockerId);
}

const block = (actorId: string, userId: string) => rpc.send(RPC.identity.blockUser, { actorId, userId });
const unblock = (actorId: string, userId: string) => rpc.send(RPC.identity.unblockUser, { actorId, userId });
const list = (actorId: string) => rpc.send(RPC.identity.listBlocks, { actorId });

describe('blocking', () => {
  it('blocks once however often asked, lists the blocked newest first, and announces each change once', async () => {
    const ana = await registered('Ana');
    const ben = await registered('Ben');
    const cat = await registered('Cat');
    await block(ana, ben);
    await block(ana, ben);
    await block(ana, cat);
    expect((await list(ana)).map((b) => [b.user.id, b.user.firstName])).toEqual([
      [cat, 'Cat'],
      [ben, 'Ben'],
    ]);
    // Nobody else's list shows it: Ben is not told.
    expect(await list(ben)).toEqual([]);

    await unblock(ana, ben);
    await unblock(ana, ben);
    expect((await list(ana)).map((b) => b.user.id)).toEqual([cat]);

    await eventually(async () => {
      const changes = await changesBy(ana);
      expect(changes.map((c) => [c.blockedId, c.blocked])).toEqual([
        [ben, true],
        [cat, true],
        [ben, false],
      ]);
      // The versions grow with every change, for read models that receive them out of order.
      expect(changes.map((c) => c.version)).toEqual([...changes.map((c) => c.version)].sort((a, b) => a - b));
      for (const change of changes) await parsePayload(BlockChangedEvent, change);
    });
  });

  it('refuses blocking yourself (400) and nobody (404)', async () => {
    const ana = await registered();
    const self = await refusal(block(ana, ana));
    expect([self.code, self.message]).toEqual([ErrorCode.ValidationFailed, BLOCK_MESSAGES.blockYourself]);
    expect((await refusal(block(ana, randomUUID()))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(unblock(ana, randomUUID()))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(unblock(ana, ana))).code).toBe(ErrorCode.ValidationFailed);
  });

  it('puts the people you blocked in your data export, never who blocked you, and erases blocks with the account', async () => {
    const ana = await registered('Ana');
    const ben = await registered('Ben');
    await block(ana, ben);
    await block(ben, ana);
    const exported = await infra.database.query<{ item: { userId: string; name: string } }>(
      IDENTITY_EXPORT_SECTIONS.blocks!,
      [ana],
    );
    expect(exported.map((r) => [r.item.userId, r.item.name])).toEqual([[ben, 'Ben Lopez']]);

    await rpc.send(RPC.identity.deleteAccount, { actorId: ana, userId: ana, password: 'secret1' });
    expect(await list(ben)).toEqual([]);
    expect(
      await infra.database.query(`SELECT 1 FROM identity.blocks WHERE blocker_id = $1 OR blocked_id = $1`, [ana]),
    ).toEqual([]);
    // A deleted account is nobody: it cannot be blocked.
    expect((await refusal(block(ben, ana))).code).toBe(ErrorCode.NotFound);
  });

  it('keeps the list and the checks on indexes', async () => {
    const plans = await infra.database.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM identity.blocks WHERE blocked_id = $1`.replace('$1', `'${randomUUID()}'`),
    );
    expect(plans.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/blocks_blocked|Bitmap|Index/);
  });
});
