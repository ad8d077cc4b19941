import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  EVENTS,
  MODERATION_MESSAGES,
  RPC,
  type ModerationDecidedEvent,
  type ProductDto,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../catalog/src/app.module';
import { CatalogConfig } from '../../catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { ModerationConfig } from '../src/config/moderation.config';

/*
 * Reports, support's queue and decisions on the real Postgres and NATS, with identity (people, the support role,
 * sign-in) and catalog (the reported listings, and what a decision does to them) running beside moderation.
 */
const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, ModerationConfig, {
  before: [
    { name: IDENTITY, module: IdentityModule, config: IdentityConfig },
    { name: CATALOG, module: CatalogModule, config: CatalogConfig },
  ],
  rpcTimeoutMs: 8000,
});

const PASSWORD = 'secret1';

async function person(username: string): Promise<string> {
  const user = await rpc.send(RPC.identity.register, {
    email: `${username}@example.com`,
    password: PASSWORD,
    username,
    firstName: username[0]!.toUpperCase() + username.slice(1),
    lastName: 'Test',
  });
  return user.id;
}

/** A listing, once catalog knows its seller (identity's registered event reached catalog's read model). */
async function listing(sellerId: string, title: string): Promise<ProductDto> {
  await eventually(async () =>
    expect(await infra.database.query('SELECT 1 FROM catalog.sellers WHERE id = $1', [sellerId])).toHaveLength(1),
  );
  return rpc.send(RPC.catalog.createProduct, {
    actorId: sellerId,
    product: {
      title,
      description: 'Hand-made on a journey through Japan',
      price: 20,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://img.example.com/a.png'],
      isCustomsVerified: false,
    },
  });
}

async function codeOf(promise: Promise<unknown>): Promise<[ErrorCode, string] | null> {
  return promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? [e.code, e.message] : null),
  );
}

const report = (actorId: string, subjectId: string, subjectType: 'product' | 'user' = 'product', details?: string) =>
  rpc.send(RPC.moderation.createReport, {
    actorId,
    subjectType,
    subjectId,
    reason: 'counterfeit',
    ...(details ? { details } : {}),
  });

const queue = (actorId: string) => rpc.send(RPC.moderation.listQueue, { actorId, limit: 50 });
const caseOf = async (subjectId: string) => (await queue(support)).items.find((c) => c.subjectId === subjectId);
const decisionsOf = async (subjectId: string) =>
  (await readStreamEvents<ModerationDecidedEvent>(infra, EVENTS.moderation.decided))
    .map((e) => e.data)
    .filter((e) => e.subjectId === subjectId);

let support: string;

beforeAll(async () => {
  support = await person('sue');
  await infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [support]);
}, 120_000);

describe('reporting', () => {
  it('takes one open report per reporter and subject, refuses one’s own and what does not exist', async () => {
    const [seller, ann] = await Promise.all(['kenji', 'ann'].map(person));
    const product = await listing(seller, 'Kokeshi doll');
    const first = await report(ann, product.id, 'product', 'Looks like a copy');
    expect(first).toMatchObject({
      subjectType: 'product',
      subjectId: product.id,
      status: 'open',
      reason: 'counterfeit',
    });
    expect(await codeOf(report(ann, product.id))).toEqual([ErrorCode.Conflict, MODERATION_MESSAGES.duplicate]);
    expect(await codeOf(report(seller, product.id))).toEqual([ErrorCode.Forbidden, MODERATION_MESSAGES.ownContent]);
    expect((await codeOf(report(ann, randomUUID())))?.[0]).toBe(ErrorCode.NotFound);
    // A report hides nothing by itself.
    expect((await rpc.send(RPC.catalog.getProduct, { productId: product.id })).id).toBe(product.id);
  });

  it('groups reports of one subject into one case, with both sides’ history, for support only', async () => {
    const [seller, ann, bob] = await Promise.all(['yumi', 'anna', 'bobby'].map(person));
    const product = await listing(seller, 'Tenugui towel');
    await report(ann, product.id, 'product', 'Fake');
    await report(bob, product.id);
    await report(bob, seller, 'user');
    expect((await codeOf(queue(ann)))?.[0]).toBe(ErrorCode.Forbidden);
    const found = await caseOf(product.id);
    expect(found).toMatchObject({
      subjectType: 'product',
      status: 'open',
      content: {
        title: 'Tenugui towel',
        text: 'Hand-made on a journey through Japan',
        link: `/product/${product.id}`,
      },
      subject: { id: seller, name: 'Yumi Test', earlierReports: 1, earlierActions: 0, suspended: false },
    });
    expect(found!.subject.memberSince).toEqual(expect.any(String));
    expect(found!.reports.map((r) => [r.reporter.name, r.details])).toEqual([
      ['Anna Test', 'Fake'],
      ['Bobby Test', null],
    ]);
    // Bob reported twice: the person case counts as his earlier report.
    expect(found!.reports[1]!.reporter.earlierReports).toBe(1);
    expect((await rpc.send(RPC.moderation.countQueue, { actorId: support })).reports).toBeGreaterThanOrEqual(2);
  });

  it('pages the queue by keyset without repeating a case', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await rpc.send(RPC.moderation.listQueue, {
        actorId: support,
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((c) => c.subjectId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('decisions', () => {
  it('hides a listing: the decision is published, catalog takes it off sale, and its owner cannot relist it', async () => {
    const [seller, ann] = await Promise.all(['hana', 'abe'].map(person));
    const product = await listing(seller, 'Maneki-neko');
    const { id } = await report(ann, product.id);
    expect(
      (await codeOf(rpc.send(RPC.moderation.decide, { actorId: ann, reportId: id, action: 'hide', reason: 'x' })))?.[0],
    ).toBe(ErrorCode.Forbidden);
    const decision = await rpc.send(RPC.moderation.decide, {
      actorId: support,
      reportId: id,
      action: 'hide',
      reason: 'Counterfeit branded goods are not allowed',
    });
    expect(decision).toMatchObject({ reportId: id, action: 'hide' });
    expect(
      await codeOf(rpc.send(RPC.moderation.decide, { actorId: support, reportId: id, action: 'dismiss', reason: 'x' })),
    ).toEqual([ErrorCode.Conflict, 'Support has already decided on this report']);
    await eventually(async () =>
      expect(await decisionsOf(product.id)).toEqual([
        expect.objectContaining({
          ownerId: seller,
          action: 'hide',
          reason: 'Counterfeit branded goods are not allowed',
        }),
      ]),
    );
    await eventually(async () =>
      expect((await codeOf(rpc.send(RPC.catalog.getProduct, { productId: product.id })))?.[0]).toBe(ErrorCode.NotFound),
    );
    expect((await codeOf(rpc.send(RPC.catalog.relistProduct, { actorId: seller, productId: product.id })))?.[0]).toBe(
      ErrorCode.Conflict,
    );
    expect(await caseOf(product.id)).toBeUndefined();
  });

  it('suspends a person: sign-in refused with a sentence, every listing off sale', async () => {
    const [seller, ann] = await Promise.all(['sato', 'amy'].map(person));
    const [first, second] = [await listing(seller, 'Daruma'), await listing(seller, 'Furoshiki')];
    const { id } = await report(ann, first.id);
    await rpc.send(RPC.moderation.decide, { actorId: support, reportId: id, action: 'suspend', reason: 'Scam' });
    await eventually(async () =>
      expect(await codeOf(rpc.send(RPC.identity.verifyCredentials, { username: 'sato', password: PASSWORD }))).toEqual([
        ErrorCode.Forbidden,
        MODERATION_MESSAGES.suspended,
      ]),
    );
    // A wrong password still reads as a wrong password: the suspension is told to the account's owner only.
    expect(
      (await codeOf(rpc.send(RPC.identity.verifyCredentials, { username: 'sato', password: 'nope12' })))?.[0],
    ).toBe(ErrorCode.Unauthenticated);
    const suspended = await readStreamEvents<{ userId: string }>(infra, EVENTS.identity.userSuspended);
    expect(suspended.filter((e) => e.data.userId === seller)).toHaveLength(1);
    await eventually(async () => {
      for (const p of [first, second])
        expect((await codeOf(rpc.send(RPC.catalog.getProduct, { productId: p.id })))?.[0]).toBe(ErrorCode.NotFound);
    });
  });

  it('lets the reported person appeal once; the case returns to the queue with the appeal', async () => {
    const [seller, ann] = await Promise.all(['taro', 'alex'].map(person));
    const product = await listing(seller, 'Sensu fan');
    const { id } = await report(ann, product.id);
    const appeal = (actorId: string) =>
      rpc.send(RPC.moderation.appeal, { actorId, reportId: id, message: 'It is real' });
    expect((await codeOf(appeal(seller)))?.[0]).toBe(ErrorCode.Conflict);
    await rpc.send(RPC.moderation.decide, { actorId: support, reportId: id, action: 'hide', reason: 'Fake brand' });
    expect((await codeOf(appeal(ann)))?.[0]).toBe(ErrorCode.NotFound);
    await appeal(seller);
    expect(await codeOf(appeal(seller))).toEqual([ErrorCode.Conflict, 'You have already appealed this decision']);
    expect(await caseOf(product.id)).toMatchObject({
      status: 'appealed',
      reportId: id,
      appeal: { action: 'hide', reason: 'Fake brand', message: 'It is real' },
    });
  });
});

describe('keywords', () => {
  it('keeps support’s list, normalised, and refuses members', async () => {
    const member = await person('mika');
    expect((await codeOf(rpc.send(RPC.moderation.getKeywords, { actorId: member })))?.[0]).toBe(ErrorCode.Forbidden);
    const saved = await rpc.send(RPC.moderation.putKeywords, {
      actorId: support,
      list: { keywords: ['Ivory', ' ivory ', 'Replica'] },
    });
    expect(saved.keywords).toEqual(['ivory', 'replica']);
    await rpc.send(RPC.moderation.putKeywords, { actorId: support, list: { keywords: ['replica'] } });
    expect((await rpc.send(RPC.moderation.getKeywords, { actorId: support })).keywords).toEqual(['replica']);
  });
});

describe('privacy', () => {
  it('exports a person’s reports and erases their words when the account is deleted', async () => {
    const [seller, ann] = await Promise.all(['kei', 'ada'].map(person));
    const product = await listing(seller, 'Origami set');
    const { id } = await report(ann, product.id, 'product', 'My private words');
    const page = await rpc.send(RPC.moderation.exportUserData, { userId: ann, section: 'reports' });
    expect(page.items).toEqual([expect.objectContaining({ id, details: 'My private words', reason: 'counterfeit' })]);
    await jetstream(nc).publish(EVENTS.identity.userDeleted, JSON.stringify({ userId: ann }), { msgID: randomUUID() });
    await eventually(async () =>
      expect(await infra.database.query('SELECT details FROM moderation.reports WHERE id = $1', [id])).toEqual([
        { details: null },
      ]),
    );
  });
});

describe('automatic holds', () => {
  it('holds a new listing whose text matches a keyword until support decides; dismissing puts it back', async () => {
    await rpc.send(RPC.moderation.putKeywords, { actorId: support, list: { keywords: ['ivory', 'replica'] } });
    const seller = await person('nao');
    const held = await listing(seller, 'Carved Ívory comb');
    const clean = await listing(seller, 'Ivorybill feather print');
    await eventually(async () => {
      expect(await caseOf(held.id)).toMatchObject({ origin: 'held', matchedKeywords: ['ivory'], reports: [] });
      expect((await codeOf(rpc.send(RPC.catalog.getProduct, { productId: held.id })))?.[0]).toBe(ErrorCode.NotFound);
    });
    // Its seller cannot put it back on sale while it waits.
    expect((await codeOf(rpc.send(RPC.catalog.relistProduct, { actorId: seller, productId: held.id })))?.[0]).toBe(
      ErrorCode.Conflict,
    );
    expect(await caseOf(clean.id)).toBeUndefined();
    expect((await rpc.send(RPC.catalog.getProduct, { productId: clean.id })).id).toBe(clean.id);

    const { reportId } = (await caseOf(held.id))!;
    await rpc.send(RPC.moderation.decide, { actorId: support, reportId, action: 'dismiss', reason: 'A plastic comb' });
    await eventually(async () =>
      expect((await rpc.send(RPC.catalog.getProduct, { productId: held.id })).status).toBe('active'),
    );
  });
});

describe("the contact-details shield's catches", () => {
  it('queue a caught message with its words as written; a redelivery opens nothing more', async () => {
    const sender = await person('sid');
    const recipient = await person('rin');
    const flagged = {
      messageId: randomUUID(),
      fromUserId: sender,
      toUserId: recipient,
      productId: randomUUID(),
      content: 'Pay me by bank transfer, GB82 WEST 1234 5698 7654 32',
      findings: ['bank-details', 'payment-request'],
      occurredAt: new Date().toISOString(),
    };
    for (let delivery = 0; delivery < 2; delivery++)
      await jetstream(nc).publish(EVENTS.messaging.messageFlagged, JSON.stringify(flagged), { msgID: randomUUID() });
    await eventually(async () =>
      expect(await caseOf(flagged.messageId)).toMatchObject({
        subjectType: 'message',
        origin: 'shield',
        matchedKeywords: ['bank-details', 'payment-request'],
        content: { text: flagged.content, link: null },
        subject: { id: sender },
        reports: [],
      }),
    );
    const cases = await infra.database.query(`SELECT id FROM moderation.cases WHERE subject_id = $1`, [
      flagged.messageId,
    ]);
    expect(cases).toHaveLength(1);
  });
});
