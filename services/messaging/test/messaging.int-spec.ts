import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, RpcException, Transport } from '@nestjs/microservices';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  EVENTS,
  LIMITS,
  MESSAGES,
  RPC,
  type GetProductRequest,
  type OrderChangedEvent,
  type GetThreadRequest,
  type GetUsersByIdsRequest,
  InboxChangedEvent,
  MessageSentEvent,
  PAGE_SIZE,
  type ProductDto,
  type ProductListedEvent,
  type UserDto,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { DomainError, parsePayload } from '@souvenir/platform';
import { eventually, readStreamEvents, startService, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';
import { MessagesService } from '../src/messages/messages.service';
import { AddConversations1732700000000 } from '../src/database/migrations/1732700000000-add-conversations';
import { DataSource } from 'typeorm';

let stub: INestMicroservice;

/** What catalog and identity would answer, for products and users whose events have not arrived. */
const catalogProducts = new Map<string, ProductDto>();
const identityUsers = new Map<string, UserDto>();

/** A user only identity knows (their registered event not arrived): what identity answers for them. */
function knownToIdentity(id: string, firstName: string, lastName: string, location: string | null = null): UserDto {
  const user = {
    id,
    username: firstName.toLowerCase(),
    firstName,
    lastName,
    avatar: null,
    location,
    isVerified: false,
    rating: null,
    createdAt: new Date().toISOString(),
  };
  identityUsers.set(id, user);
  return user;
}

/** A product only catalog knows (its listed event not arrived): what catalog answers for it. */
function knownToCatalog(id: string, seller: UserDto, product: Pick<ProductDto, 'title' | 'description' | 'country'>) {
  catalogProducts.set(id, {
    id,
    ...product,
    price: '30.00',
    originalPrice: null,
    condition: 'new',
    category: 'Art & Crafts',
    images: ['https://example.com/souvenir.jpg'],
    isCustomsVerified: true,
    contents: ['none'],
    originLevel: null,
    shipsFrom: null,
    isFavorited: false,
    createdAt: new Date().toISOString(),
    status: 'active',
    seller: {
      id: seller.id,
      firstName: seller.firstName,
      lastName: seller.lastName,
      avatar: null,
      isVerified: false,
      rating: null,
    },
  });
}

/** How long the stub takes to answer (0 but in the test of requests sent together), and how many it answers at once. */
const stubAnswers = { delayMs: 0, inFlight: 0, maxInFlight: 0 };

async function stubAnswer<T>(answer: () => T): Promise<T> {
  stubAnswers.inFlight += 1;
  stubAnswers.maxInFlight = Math.max(stubAnswers.maxInFlight, stubAnswers.inFlight);
  try {
    if (stubAnswers.delayMs) await new Promise((resolve) => setTimeout(resolve, stubAnswers.delayMs));
    return answer();
  } finally {
    stubAnswers.inFlight -= 1;
  }
}

@Controller()
class OtherServicesStub {
  @MessagePattern(RPC.catalog.getProduct)
  getProduct({ productId }: GetProductRequest): Promise<ProductDto> {
    return stubAnswer(() => {
      const product = catalogProducts.get(productId);
      if (!product) throw new RpcException({ code: ErrorCode.NotFound, message: 'Product not found' });
      return product;
    });
  }

  @MessagePattern(RPC.identity.getUsersByIds)
  getUsersByIds({ userIds }: GetUsersByIdsRequest): Promise<UserDto[]> {
    return stubAnswer(() => userIds.flatMap((userId) => identityUsers.get(userId) ?? []));
  }
}

@Module({ controllers: [OtherServicesStub] })
class OtherServicesStubModule {}

const seller = randomUUID();
const buyer = randomUUID();
const third = randomUUID();
const vase = randomUUID();
const scarf = randomUUID();

const { infra, app, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, MessagingConfig, {
  env: { RPC_TIMEOUT_MS: '1500' },
  cleanUp: async () => stub?.close(),
});

beforeAll(async () => {
  stub = await NestFactory.createMicroservice(OtherServicesStubModule, {
    transport: Transport.NATS,
    options: { servers: [infra.natsUrl], queue: 'stub' },
    logger: false,
  });
  await stub.listen();

  await publish(EVENTS.identity.userRegistered, profile(seller, 1, { firstName: 'Sora', lastName: 'Seller' }));
  await publish(EVENTS.identity.userRegistered, profile(buyer, 1, { firstName: 'Bea', lastName: 'Buyer' }));
  await publish(EVENTS.identity.userRegistered, profile(third, 1, { firstName: 'Theo', lastName: 'Third' }));
  await publish(EVENTS.catalog.productListed, listed(vase, seller, 'Kyoto tea vase'));
  await publish(EVENTS.catalog.productListed, listed(scarf, seller, 'Silk scarf from Lyon'));
  await eventually(async () => {
    expect(await count(`SELECT count(*) FROM messaging.users`)).toBe(3);
    expect(await count(`SELECT count(*) FROM messaging.products`)).toBe(2);
  });
});

/** Publishes an event straight to JetStream, as the owning service's outbox relay would. */
async function publish(subject: string, event: object, msgID: string = randomUUID()): Promise<string> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID });
  return msgID;
}

function profile(
  userId: string,
  version: number,
  changes: Partial<UserProfileChangedEvent> = {},
): UserProfileChangedEvent {
  return {
    userId,
    username: `user-${userId.slice(0, 8)}`,
    firstName: 'Yuki',
    lastName: 'Tanaka',
    avatar: null,
    location: 'United States',
    isVerified: false,
    version,
    occurredAt: new Date().toISOString(),
    ...changes,
  };
}

function listed(productId: string, sellerId: string, title: string): ProductListedEvent {
  return { productId, sellerId, title, price: '25.00', occurredAt: new Date().toISOString() };
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await infra.database.query<{ count: string }>(sql, params);
  return Number(row.count);
}

async function processed(eventId: string): Promise<void> {
  await eventually(async () =>
    expect(await count(`SELECT count(*) FROM messaging.processed_events WHERE event_id = $1`, [eventId])).toBe(1),
  );
}

async function userRow(id: string) {
  const [row] = await infra.database.query<{ first_name: string; last_name: string; version: number }>(
    `SELECT first_name, last_name, version FROM messaging.users WHERE id = $1`,
    [id],
  );
  return row;
}

async function expectError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

const send = (actorId: string, toUserId: string, productId: string, content: string) =>
  rpc.send(RPC.messaging.sendMessage, { actorId, toUserId, productId, content });
/** The views without their inbox versions (tested on their own below). */
const conversationsOf = async (actorId: string) =>
  (await rpc.send(RPC.messaging.listConversations, { actorId, limit: PAGE_SIZE.default })).view;
const threadOf = async (request: GetThreadRequest) => (await rpc.send(RPC.messaging.getThread, request)).view;
const unreadOf = async (actorId: string) => (await rpc.send(RPC.messaging.countUnread, { actorId })).view;

async function inboxVersion(userId: string): Promise<number> {
  const [row] = await infra.database.query<{ version: string }>(
    `SELECT version FROM messaging.inboxes WHERE user_id = $1`,
    [userId],
  );
  return row ? Number(row.version) : 0;
}

describe('messaging service', () => {
  it('refuses messages to yourself, about unknown products, and to anyone but the seller first', async () => {
    await expectError(send(buyer, buyer, vase, 'Hello me'), ErrorCode.Forbidden);
    await expectError(send(seller, seller, vase, 'Hello me'), ErrorCode.Forbidden);
    await expectError(send(buyer, seller, randomUUID(), 'Is this available?'), ErrorCode.NotFound);
    await expectError(send(buyer, third, vase, 'Are you the seller?'), ErrorCode.Forbidden);
    // The seller cannot open a conversation with somebody who never wrote about the product.
    await expectError(send(seller, buyer, vase, 'Want my vase?'), ErrorCode.Forbidden);
  });

  it('answers NOT_FOUND for a user nobody knows: a message to them, and their thread (no longer 403 and [])', async () => {
    const nobody = randomUUID();
    await expectError(send(buyer, nobody, vase, 'Hello?'), ErrorCode.NotFound);
    await expectError(send(seller, nobody, vase, 'Hello?'), ErrorCode.NotFound);
    await expectError(threadOf({ actorId: buyer, otherUserId: nobody }), ErrorCode.NotFound);
    await expectError(threadOf({ actorId: buyer, otherUserId: nobody, productId: vase }), ErrorCode.NotFound);
    // A known user without messages yet (a new conversation opened from a profile) is an empty thread, not 404,
    // whether the read model has them or only identity does (then they are stored: asked once).
    expect(await threadOf({ actorId: buyer, otherUserId: third })).toEqual([]);
    const onlyInIdentity = randomUUID();
    knownToIdentity(onlyInIdentity, 'Ida', 'Ident', 'Oslo');
    expect(await threadOf({ actorId: buyer, otherUserId: onlyInIdentity })).toEqual([]);
    expect(await count(`SELECT count(*) FROM messaging.users WHERE id = $1`, [onlyInIdentity])).toBe(1);
  });

  it('delivers a first message to the seller, with names and title from the read models, and publishes message sent', async () => {
    const message = await send(buyer, seller, vase, '  Is the vase still available?  ');
    expect(message).toMatchObject({
      fromUserId: buyer,
      toUserId: seller,
      productId: vase,
      content: 'Is the vase still available?',
      isRead: false,
      fromUser: { id: buyer, firstName: 'Bea', lastName: 'Buyer', avatar: null },
      toUser: { id: seller, firstName: 'Sora', lastName: 'Seller', avatar: null },
      product: { id: vase, title: 'Kyoto tea vase' },
    });
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
    await eventually(async () => {
      const events = (await readStreamEvents<MessageSentEvent>(infra, EVENTS.messaging.messageSent)).filter(
        (e) => e.data.messageId === message.id,
      );
      expect(events).toHaveLength(1);
      // The payload is built by the statement that stores the message: it must still be the contract's class.
      expect(events[0].data).toEqual({
        messageId: message.id,
        fromUserId: buyer,
        toUserId: seller,
        productId: vase,
        content: 'Is the vase still available?',
        occurredAt: message.createdAt,
      });
      await expect(parsePayload(MessageSentEvent, events[0].data)).resolves.toBeInstanceOf(MessageSentEvent);
    });
  });

  it('lets the seller reply to whoever wrote about the product, and only them', async () => {
    const reply = await send(seller, buyer, vase, 'Yes, it is!');
    expect(reply).toMatchObject({ fromUserId: seller, toUserId: buyer, product: { title: 'Kyoto tea vase' } });
    // The buyer may keep writing to the seller; a third person may not join the conversation.
    await send(buyer, seller, vase, 'Great, I will buy it.');
    await expectError(send(third, buyer, vase, 'I am interested too'), ErrorCode.Forbidden);
    // Writing about the vase does not let the seller write first about another product.
    await expectError(send(seller, buyer, scarf, 'And the scarf?'), ErrorCode.Forbidden);
  });

  it('validates content with the spec messages and trims it', async () => {
    for (const content of ['', '   \n\t ']) {
      const error = await expectError(send(buyer, seller, vase, content), ErrorCode.ValidationFailed);
      expect(error.errors).toEqual([{ field: 'content', message: MESSAGES.messageRequired }]);
      expect(error.message).toBe(MESSAGES.messageRequired);
    }
    const tooLong = await expectError(
      send(buyer, seller, vase, 'x'.repeat(LIMITS.messageMax + 1)),
      ErrorCode.ValidationFailed,
    );
    expect(tooLong.errors).toEqual([{ field: 'content', message: MESSAGES.messageMax }]);
    await expectError(
      rpc.send(RPC.messaging.sendMessage, { actorId: buyer, toUserId: 'nope', productId: vase, content: 'Hi' }),
      ErrorCode.ValidationFailed,
    );
    await expectError(
      rpc.send(RPC.messaging.sendMessage, {
        actorId: buyer,
        toUserId: seller,
        productId: vase,
        content: 'Hi',
        isRead: true,
      } as never),
      ErrorCode.ValidationFailed,
    );
    const longest = await send(buyer, seller, scarf, ` ${'y'.repeat(LIMITS.messageMax)} `);
    expect(longest.content).toHaveLength(LIMITS.messageMax);
  });

  it("lists conversations newest first, one per (other user, product), with the caller's unread count", async () => {
    const forSeller = await conversationsOf(seller);
    expect(forSeller.map((c) => [c.productId, c.unreadCount])).toEqual([
      [scarf, 1],
      [vase, 2],
    ]);
    expect(forSeller[1]).toMatchObject({
      content: 'Great, I will buy it.',
      fromUser: { firstName: 'Bea' },
      product: { title: 'Kyoto tea vase' },
    });
    const forBuyer = await conversationsOf(buyer);
    expect(forBuyer.map((c) => [c.productId, c.unreadCount])).toEqual([
      [scarf, 0],
      [vase, 1],
    ]);
    expect(await conversationsOf(third)).toEqual([]);
  });

  it("pages the conversations by a cursor and searches them by the other person's name, product title or message", async () => {
    const list = (request: { limit: number; cursor?: string; search?: string }) =>
      rpc.send(RPC.messaging.listConversations, { actorId: seller, ...request });
    const first = await list({ limit: 1 });
    expect(first.view.map((c) => c.productId)).toEqual([scarf]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list({ limit: 1, cursor: first.nextCursor });
    expect(second.view.map((c) => c.productId)).toEqual([vase]);
    expect(second.nextCursor).toBeUndefined();
    expect(second.inboxVersion).toBe(first.inboxVersion);

    // Any case, anywhere in the text; the buyer's name matches both of their conversations.
    expect((await list({ limit: 24, search: 'KYOTO' })).view.map((c) => c.productId)).toEqual([vase]);
    expect((await list({ limit: 24, search: 'i will buy' })).view.map((c) => c.productId)).toEqual([vase]);
    expect((await list({ limit: 24, search: 'bea buy' })).view.map((c) => c.productId)).toEqual([scarf, vase]);
    // The seller's own name is not the other person's: it matches nothing.
    expect((await list({ limit: 24, search: 'sora' })).view).toEqual([]);
    // A search pages like the whole list.
    const searched = await list({ limit: 1, search: 'bea' });
    expect(searched.view.map((c) => c.productId)).toEqual([scarf]);
    expect((await list({ limit: 1, search: 'bea', cursor: searched.nextCursor })).view.map((c) => c.productId)).toEqual(
      [vase],
    );

    for (const cursor of [
      'nope',
      ...[
        '{"v":1,"k":{"lastMessageAt":"x","lastMessageId":"y"}}',
        `{"v":1,"k":{"lastMessageAt":"x","lastMessageId":"${randomUUID()}"}}`,
        '{"v":1,"k":{"lastMessageAt":"2026-11-24T08:00:00.123456Z","lastMessageId":"y"}}',
        `{"v":2,"k":{"lastMessageAt":"2026-11-24T08:00:00.123456Z","lastMessageId":"${randomUUID()}"}}`,
      ].map((document) => Buffer.from(document).toString('base64url')),
    ]) {
      const error = await expectError(list({ limit: 1, cursor }), ErrorCode.ValidationFailed);
      expect(error.message).toBe('Invalid cursor');
    }
    await expectError(list({ limit: 0 }), ErrorCode.ValidationFailed);
    await expectError(list({ limit: 101 }), ErrorCode.ValidationFailed);
  });

  it('answers the unread total and marks a thread read when it is opened, oldest first', async () => {
    expect(await unreadOf(seller)).toEqual({ count: 3 });
    const thread = await threadOf({ actorId: seller, otherUserId: buyer, productId: vase });
    expect(thread.map((m) => m.content)).toEqual([
      'Is the vase still available?',
      'Yes, it is!',
      'Great, I will buy it.',
    ]);
    expect(thread.every((m) => m.productId === vase)).toBe(true);
    expect(thread.filter((m) => m.toUserId === seller).every((m) => m.isRead)).toBe(true);
    // Only that product's thread was read: the scarf message is still unread, and the buyer's reply too.
    expect(await unreadOf(seller)).toEqual({ count: 1 });
    expect(await unreadOf(buyer)).toEqual({ count: 1 });
    const conversations = await conversationsOf(seller);
    expect(conversations.find((c) => c.productId === vase)?.unreadCount).toBe(0);

    // Without a product the thread spans every product the two talked about; the buyer sees their messages read.
    const all = await threadOf({ actorId: buyer, otherUserId: seller });
    expect(all).toHaveLength(4);
    expect(all.map((m) => m.createdAt)).toEqual([...all.map((m) => m.createdAt)].sort());
    expect(all.filter((m) => m.fromUserId === buyer && m.productId === vase).every((m) => m.isRead)).toBe(true);
    expect(await unreadOf(buyer)).toEqual({ count: 0 });
    // A third person sees nothing of it.
    expect(await threadOf({ actorId: third, otherUserId: seller, productId: vase })).toEqual([]);
    expect(await threadOf({ actorId: third, otherUserId: buyer })).toEqual([]);
  });

  it('fetches a product and a user not yet in the read models once, and lets their events overwrite them later', async () => {
    const newSeller = randomUUID();
    const kite = randomUUID();
    knownToCatalog(kite, knownToIdentity(newSeller, 'Nina', 'New'), {
      title: 'Bali kite',
      description: 'A hand-painted kite from Bali, bamboo frame.',
      country: 'Indonesia',
    });
    const message = await send(buyer, newSeller, kite, 'Does the kite fly well?');
    expect(message).toMatchObject({ toUser: { firstName: 'Nina' }, product: { title: 'Bali kite' } });
    expect(await userRow(newSeller)).toMatchObject({ first_name: 'Nina', version: 0 });

    // Stored once: catalog and identity are not asked again.
    catalogProducts.delete(kite);
    identityUsers.delete(newSeller);
    await send(buyer, newSeller, kite, 'And is the string included?');

    const registered = await publish(
      EVENTS.identity.userRegistered,
      profile(newSeller, 1, { firstName: 'Nina', lastName: 'Nakamura' }),
    );
    await processed(registered);
    expect(await userRow(newSeller)).toMatchObject({ last_name: 'Nakamura', version: 1 });
  });

  it('asks identity and catalog together for the people and the product of a message it has not seen yet', async () => {
    const [writer, maker, bowl] = [randomUUID(), randomUUID(), randomUUID()];
    knownToIdentity(writer, 'Wren', 'Fresh');
    knownToCatalog(bowl, knownToIdentity(maker, 'Mako', 'Fresh'), {
      title: 'Raku tea bowl',
      description: 'A hand-thrown raku bowl from Kyoto, crackled glaze.',
      country: 'Japan',
    });
    // A plain subscription sees every request on the subject, besides the queue group that answers it.
    const requests = { users: 0, products: 0 };
    const watchers = [
      nc.subscribe(RPC.identity.getUsersByIds, { callback: () => void (requests.users += 1) }),
      nc.subscribe(RPC.catalog.getProduct, { callback: () => void (requests.products += 1) }),
    ];
    await nc.flush();
    Object.assign(stubAnswers, { delayMs: 300, maxInFlight: 0 });
    try {
      const message = await send(writer, maker, bowl, 'Is the glaze food safe?');
      expect(message).toMatchObject({
        fromUser: { firstName: 'Wren' },
        toUser: { firstName: 'Mako' },
        product: { title: 'Raku tea bowl' },
      });
      await nc.flush();
      // Both people in one request to identity, sent together with catalog's: the message waits for one answer's
      // time, not two.
      expect(requests).toEqual({ users: 1, products: 1 });
      expect(stubAnswers.maxInFlight).toBe(2);

      // Stored: the next message asks nobody.
      await send(writer, maker, bowl, 'And oven safe?');
      await nc.flush();
      expect(requests).toEqual({ users: 1, products: 1 });
    } finally {
      stubAnswers.delayMs = 0;
      for (const watcher of watchers) watcher.unsubscribe();
    }
  });

  it('ignores replayed and older user events, and a replayed listing after a removal', async () => {
    const updated = await publish(
      EVENTS.identity.userUpdated,
      profile(buyer, 3, { firstName: 'Beatriz', lastName: 'Buyer' }),
    );
    await processed(updated);
    expect(await userRow(buyer)).toMatchObject({ first_name: 'Beatriz', version: 3 });

    // The same event id again: JetStream drops it and nothing is applied twice.
    await publish(EVENTS.identity.userUpdated, profile(buyer, 3, { firstName: 'Twice' }), updated);
    // A late, older version, and a replay of the registration under a new id: both change nothing.
    const older = await publish(EVENTS.identity.userUpdated, profile(buyer, 2, { firstName: 'Stale' }));
    const replayed = await publish(EVENTS.identity.userRegistered, profile(buyer, 1, { firstName: 'Bea' }));
    await processed(older);
    await processed(replayed);
    expect(await userRow(buyer)).toMatchObject({ first_name: 'Beatriz', version: 3 });
    expect(await count(`SELECT count(*) FROM messaging.processed_events WHERE event_id = $1`, [updated])).toBe(1);
    const [conversation] = await conversationsOf(seller);
    expect(conversation.fromUser.firstName).toBe('Beatriz');

    const lamp = randomUUID();
    await processed(await publish(EVENTS.catalog.productListed, listed(lamp, seller, 'Moroccan lamp')));
    await processed(
      await publish(EVENTS.catalog.productRemoved, {
        productId: lamp,
        sellerId: seller,
        occurredAt: new Date().toISOString(),
      }),
    );
    await processed(await publish(EVENTS.catalog.productListed, listed(lamp, seller, 'Moroccan lamp')));
    await expectError(send(buyer, seller, lamp, 'Is the lamp still here?'), ErrorCode.NotFound);

    // A sold product can still be discussed: the buyer arranges delivery with the seller.
    await processed(
      await publish(EVENTS.catalog.productSold, {
        productId: scarf,
        sellerId: seller,
        occurredAt: new Date().toISOString(),
      }),
    );
    await send(buyer, seller, scarf, 'Paid! When will you ship?');
  });

  it('shows a sold product as on sale again when catalog relists it (its order cancelled before shipping); a removal holds against an older relisting, not a newer one', async () => {
    const status = async (id: string) =>
      (await infra.database.query<{ status: string }>(`SELECT status FROM messaging.products WHERE id = $1`, [id]))[0]
        ?.status;
    const at = () => new Date().toISOString();
    const bowl = randomUUID();
    await processed(await publish(EVENTS.catalog.productListed, listed(bowl, seller, 'Raku bowl')));
    await processed(
      await publish(EVENTS.catalog.productSold, { productId: bowl, sellerId: seller, version: 1, occurredAt: at() }),
    );
    expect(await status(bowl)).toBe('sold');
    await processed(
      await publish(EVENTS.catalog.productRelisted, {
        productId: bowl,
        sellerId: seller,
        version: 2,
        occurredAt: at(),
      }),
    );
    expect(await status(bowl)).toBe('active');
    // Sold again, then relisted again, delivered the other way round (two consumers): the newest version wins.
    await processed(
      await publish(EVENTS.catalog.productRelisted, {
        productId: bowl,
        sellerId: seller,
        version: 4,
        occurredAt: at(),
      }),
    );
    await processed(
      await publish(EVENTS.catalog.productSold, { productId: bowl, sellerId: seller, version: 3, occurredAt: at() }),
    );
    expect(await status(bowl)).toBe('active');

    const gone = randomUUID();
    await processed(await publish(EVENTS.catalog.productListed, listed(gone, seller, 'Gone bowl')));
    await processed(
      await publish(EVENTS.catalog.productRemoved, { productId: gone, sellerId: seller, version: 3, occurredAt: at() }),
    );
    // A relisting from before the removal, delivered late, does not bring it back ...
    await processed(
      await publish(EVENTS.catalog.productRelisted, {
        productId: gone,
        sellerId: seller,
        version: 2,
        occurredAt: at(),
      }),
    );
    expect(await status(gone)).toBe('removed');
    // ... the seller relisting the removed listing does.
    await processed(
      await publish(EVENTS.catalog.productRelisted, {
        productId: gone,
        sellerId: seller,
        version: 4,
        occurredAt: at(),
      }),
    );
    expect(await status(gone)).toBe('active');
  });

  it('raises the inbox versions of everyone concerned on every send, read and rename, labels each view with it, and announces each raise (a message by its message.sent)', async () => {
    const before = {
      seller: await inboxVersion(seller),
      buyer: await inboxVersion(buyer),
      third: await inboxVersion(third),
    };
    // A view is labelled with the version it was read at (read first, so the view is at least that new).
    expect(
      (await rpc.send(RPC.messaging.listConversations, { actorId: seller, limit: PAGE_SIZE.default })).inboxVersion,
    ).toBe(before.seller);
    expect((await rpc.send(RPC.messaging.countUnread, { actorId: buyer })).inboxVersion).toBe(before.buyer);

    const question = await send(buyer, seller, vase, 'One more question about the vase');
    expect(await inboxVersion(seller)).toBe(before.seller + 1);
    expect(await inboxVersion(buyer)).toBe(before.buyer + 1);

    // Opening the thread marks the new message read: one raise each for the whole statement, and its view is
    // labelled with the version from before the mark (so a client reloads once more and then has the newest).
    const opened = await rpc.send(RPC.messaging.getThread, { actorId: seller, otherUserId: buyer, productId: vase });
    expect(opened.inboxVersion).toBe(before.seller + 1);
    expect(opened.changedInboxes).toEqual([seller, buyer]);
    expect(await inboxVersion(seller)).toBe(before.seller + 2);
    expect(await inboxVersion(buyer)).toBe(before.buyer + 2);
    // Opening it again reads nothing new: nothing changes, and the view is labelled with the current version.
    const again = await rpc.send(RPC.messaging.getThread, { actorId: seller, otherUserId: buyer, productId: vase });
    expect(again.inboxVersion).toBe(before.seller + 2);
    expect(again.changedInboxes).toBeUndefined();
    expect(await inboxVersion(seller)).toBe(before.seller + 2);
    expect(await inboxVersion(third)).toBe(before.third);

    // A new name shows in the views of everyone who talks with that person, so it raises their versions too.
    await processed(
      await publish(EVENTS.identity.userUpdated, profile(buyer, 4, { firstName: 'Bia', lastName: 'Buyer' })),
    );
    expect(await inboxVersion(seller)).toBe(before.seller + 3);
    expect(await inboxVersion(buyer)).toBe(before.buyer + 3);
    expect(await inboxVersion(third)).toBe(before.third);
    expect((await conversationsOf(seller)).find((c) => c.fromUserId === buyer)?.fromUser.firstName).toBe('Bia');

    // The message is announced by its message.sent alone, which names both people; every other raise is an
    // inbox.changed event (written by the trigger into the outbox), valid for the contract's class.
    await eventually(async () => {
      const sent = (await readStreamEvents<MessageSentEvent>(infra, EVENTS.messaging.messageSent)).filter(
        (e) => e.data.messageId === question.id,
      );
      expect(sent.map((e) => [e.data.fromUserId, e.data.toUserId])).toEqual([[buyer, seller]]);
      const events = (await readStreamEvents<InboxChangedEvent>(infra, EVENTS.messaging.inboxChanged)).filter(
        (e) => e.data.userId === seller || e.data.userId === buyer,
      );
      const raised = (userId: string, from: number) =>
        events
          .filter((e) => e.data.userId === userId && e.data.version > from)
          .map((e) => e.data.version)
          .sort((a, b) => a - b);
      expect(raised(seller, before.seller)).toEqual([before.seller + 2, before.seller + 3]);
      expect(raised(buyer, before.buyer)).toEqual([before.buyer + 2, before.buyer + 3]);
      // Each says what changed the inbox: the message's read mark, the buyer's new name.
      const causes = (userId: string, from: number) =>
        events
          .filter((e) => e.data.userId === userId && e.data.version > from)
          .sort((a, b) => a.data.version - b.data.version)
          .map((e) => e.data.cause);
      expect(causes(seller, before.seller)).toEqual(['read', 'profile']);
      expect(causes(buyer, before.buyer)).toEqual(['read', 'profile']);
      for (const event of events)
        await expect(parsePayload(InboxChangedEvent, event.data)).resolves.toBeInstanceOf(InboxChangedEvent);
    });
  });

  it('shares the load between two instances in one queue group without losing or doubling a message', async () => {
    const second = await startService(SERVICE_NAME, MessagingConfig, (c) => AppModule.register(c), infra, {
      RPC_TIMEOUT_MS: '1500',
    });
    try {
      const first = jest.spyOn(app.get(MessagesService), 'send');
      const other = jest.spyOn(second.get(MessagesService), 'send');
      const before = await count(`SELECT count(*) FROM messaging.messages`);
      const total = 120;
      const sent = await Promise.all(
        Array.from({ length: total }, (_, i) =>
          i % 2 ? send(buyer, seller, vase, `Offer #${i}`) : send(seller, buyer, vase, `Counter #${i}`),
        ),
      );
      expect(new Set(sent.map((m) => m.id)).size).toBe(total);
      expect(await count(`SELECT count(*) FROM messaging.messages`)).toBe(before + total);
      expect(
        await count(
          `SELECT count(*) FROM messaging.messages WHERE content LIKE 'Offer #%' OR content LIKE 'Counter #%'`,
        ),
      ).toBe(total);
      expect(first.mock.calls.length).toBeGreaterThan(0);
      expect(other.mock.calls.length).toBeGreaterThan(0);
      expect(first.mock.calls.length + other.mock.calls.length).toBe(total);
      // Reads are served by both too, from the shared database.
      const counts = await Promise.all(Array.from({ length: 10 }, () => unreadOf(seller)));
      expect(new Set(counts.map((c) => c.count)).size).toBe(1);
      // Every message's event is published exactly once, whichever instance's relay took it.
      const ids = new Set(sent.map((m) => m.id));
      await eventually(
        async () => {
          const events = (await readStreamEvents<MessageSentEvent>(infra, EVENTS.messaging.messageSent)).filter((e) =>
            ids.has(e.data.messageId),
          );
          expect(events).toHaveLength(total);
          expect(new Set(events.map((e) => e.data.messageId)).size).toBe(total);
        },
        20_000,
        250,
      );
    } finally {
      await second.close();
    }
  });
  /** Every conversation row, computed from the messages themselves (what the list grouped on each call before). */
  const CONVERSATIONS_FROM_MESSAGES = `
    WITH sides AS (
      SELECT from_user_id AS user_id, to_user_id AS other_user_id, product_id, id, created_at FROM messaging.messages
      UNION ALL SELECT to_user_id, from_user_id, product_id, id, created_at FROM messaging.messages
    ), latest AS (
      SELECT DISTINCT ON (user_id, other_user_id, product_id) user_id, other_user_id, product_id, id
        FROM sides ORDER BY user_id, other_user_id, product_id, created_at DESC, id DESC
    )
    SELECT l.user_id, l.other_user_id, l.product_id, l.id AS last_message_id,
           (SELECT count(*)::int FROM messaging.messages u WHERE u.to_user_id = l.user_id AND u.from_user_id = l.other_user_id
              AND u.product_id = l.product_id AND NOT u.is_read) AS unread_count
      FROM latest l ORDER BY 1, 2, 3`;
  const CONVERSATION_ROWS = `SELECT user_id, other_user_id, product_id, last_message_id, unread_count FROM messaging.conversations ORDER BY 1, 2, 3`;

  it("keeps each conversation's latest message and unread count exact under crossing sends and concurrent reads", async () => {
    const work = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return send(buyer, seller, vase, `Bid #${i}`);
      if (i % 3 === 1) return send(seller, buyer, vase, `Ask #${i}`);
      return i % 2
        ? threadOf({ actorId: seller, otherUserId: buyer, productId: vase })
        : threadOf({ actorId: buyer, otherUserId: seller });
    });
    await Promise.all(work);
    const db = app.get(DataSource);
    expect(await db.query(CONVERSATION_ROWS)).toEqual(await db.query(CONVERSATIONS_FROM_MESSAGES));
    const unreadTotal = (await conversationsOf(seller)).reduce((n, c) => n + c.unreadCount, 0);
    expect(unreadTotal).toBe((await unreadOf(seller)).count);
  });

  it("answers a message's time as JS writes Postgres's microseconds: milliseconds, truncated, in UTC", async () => {
    const [writer, maker, clock] = [randomUUID(), randomUUID(), randomUUID()];
    knownToIdentity(writer, 'Ines', 'Ito');
    knownToCatalog(clock, knownToIdentity(maker, 'Mo', 'Maker'), {
      title: 'Station clock',
      description: 'A clock from a Swiss station.',
      country: 'Switzerland',
    });
    const sent = await send(writer, maker, clock, 'What time is it?');
    const [stored] = await infra.database.query<{ created_at: Date }>(
      `SELECT created_at FROM messaging.messages WHERE id = $1`,
      [sent.id],
    );
    expect(sent.createdAt).toBe(stored.created_at.toISOString());
    for (const [at, expected] of [
      ['2026-11-30 12:34:56.789999+00', '2026-11-30T12:34:56.789Z'],
      ['2026-11-30 23:59:59.9995-02', '2026-12-01T01:59:59.999Z'],
      ['2026-11-30 12:00:00.0005+00', '2026-11-30T12:00:00.000Z'],
      ['2026-11-30 12:00:00.29+00', '2026-11-30T12:00:00.290Z'],
      ['2026-11-30 12:00:00+00', '2026-11-30T12:00:00.000Z'],
    ]) {
      await infra.database.query(`UPDATE messaging.messages SET created_at = $2 WHERE id = $1`, [sent.id, at]);
      expect((await conversationsOf(writer)).find((c) => c.id === sent.id)?.createdAt).toBe(expected);
      expect((await threadOf({ actorId: maker, otherUserId: writer, productId: clock }))[0]?.createdAt).toBe(expected);
    }
  });

  it('builds the conversations of the messages written before its migration', async () => {
    const db = app.get(DataSource);
    const expected = await db.query(CONVERSATIONS_FROM_MESSAGES);
    expect(expected.length).toBeGreaterThan(0);
    const runner = db.createQueryRunner();
    try {
      const migration = new AddConversations1732700000000();
      await runner.startTransaction();
      await migration.down(runner);
      await migration.up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await db.query(CONVERSATION_ROWS)).toEqual(expected);
  });
});

describe('order notes in the conversation', () => {
  const noteBuyer = randomUUID();
  const bowl = randomUUID();
  const orderId = randomUUID();
  const change = (
    from: OrderChangedEvent['from'],
    to: OrderChangedEvent['to'],
    actor: OrderChangedEvent['actor'],
    extra: Partial<OrderChangedEvent> = {},
  ): OrderChangedEvent => ({
    orderId,
    productId: bowl,
    sellerId: seller,
    buyerUserId: noteBuyer,
    from,
    to,
    actor,
    occurredAt: new Date().toISOString(),
    ...extra,
  });

  beforeAll(async () => {
    await processed(
      await publish(EVENTS.identity.userRegistered, profile(noteBuyer, 1, { firstName: 'Nia', lastName: 'Note' })),
    );
    await processed(await publish(EVENTS.catalog.productListed, listed(bowl, seller, 'Raku bowl for notes')));
  });

  it("shows each change of a member's order as a system note between buyer and seller, unread by the party who did not act, once", async () => {
    // Before any order note, the seller cannot write first to somebody who never wrote about the product.
    await expectError(send(seller, noteBuyer, bowl, 'Your bowl ships tomorrow'), ErrorCode.Forbidden);
    const shipped = await publish(
      EVENTS.payments.orderChanged,
      change('paid', 'shipped', 'seller', { carrier: 'DHL', trackingNumber: 'JD0123' }),
    );
    await processed(shipped);
    // A redelivery of the same event (JetStream's duplicate window drops the same id; the consumer would skip it too).
    await publish(
      EVENTS.payments.orderChanged,
      change('paid', 'shipped', 'seller', { carrier: 'DHL', trackingNumber: 'JD0123' }),
      shipped,
    );
    await processed(
      await publish(
        EVENTS.payments.orderChanged,
        change('shipped', 'disputed', 'buyer', { reason: 'Arrived damaged' }),
      ),
    );
    await processed(
      await publish(
        EVENTS.payments.orderChanged,
        change('disputed', 'refunded', 'support', { reason: 'The photos show the damage' }),
      ),
    );

    const thread = await threadOf({ actorId: seller, otherUserId: noteBuyer, productId: bowl });
    expect(thread.map((m) => [m.kind, m.fromUserId, m.content])).toEqual([
      ['system', seller, 'Order shipped with DHL, tracking number JD0123.'],
      ['system', noteBuyer, 'Claim opened: Arrived damaged'],
      ['system', seller, 'Order refunded: The photos show the damage'],
    ]);
    expect(thread[0]).toMatchObject({
      product: { id: bowl, title: 'Raku bowl for notes' },
      toUser: { firstName: 'Nia' },
    });
    const [conversation] = (await conversationsOf(noteBuyer)).filter((c) => c.productId === bowl);
    expect(conversation).toMatchObject({
      kind: 'system',
      content: 'Order refunded: The photos show the damage',
      unreadCount: 2,
    });
    // Each note is announced once, as a person's message is (the two people's open tabs show it at once).
    await eventually(async () => {
      const announced = (await readStreamEvents<MessageSentEvent>(infra, EVENTS.messaging.messageSent)).filter(
        (e) => e.data.productId === bowl,
      );
      expect(announced.map((e) => e.data.messageId).sort()).toEqual(thread.map((m) => m.id).sort());
      for (const event of announced)
        await expect(parsePayload(MessageSentEvent, event.data)).resolves.toBeInstanceOf(MessageSentEvent);
    });
    // People's messages carry no kind; the seller may now write to the buyer, who never wrote, and the buyer answer.
    const fromSeller = await send(seller, noteBuyer, bowl, 'Sorry it broke in transit');
    expect(fromSeller).not.toHaveProperty('kind');
    await send(noteBuyer, seller, bowl, 'Thanks for the refund');
  });

  it("writes nothing for a guest's order (no conversation)", async () => {
    const guestOrder = randomUUID();
    const before = await count(`SELECT count(*) FROM messaging.messages WHERE kind = 'system'`);
    await processed(
      await publish(EVENTS.payments.orderChanged, {
        ...change('paid', 'cancelled', 'seller', { reason: 'Out of stock' }),
        orderId: guestOrder,
        buyerUserId: null,
      }),
    );
    expect(await count(`SELECT count(*) FROM messaging.messages WHERE kind = 'system'`)).toBe(before);
  });
});
