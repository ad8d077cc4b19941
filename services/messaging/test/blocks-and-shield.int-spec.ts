import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Transport } from '@nestjs/microservices';
import { jetstream } from '@nats-io/jetstream';
import {
  BLOCK_MESSAGES,
  EVENTS,
  ErrorCode,
  MessageFlaggedEvent,
  MessageSentEvent,
  PAGE_SIZE,
  RPC,
  type BlockChangedEvent,
  type GetRoleRequest,
  type OrderChangedEvent,
  type ProductListedEvent,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { DomainError, parsePayload } from '@souvenir/platform';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';
import { HIDDEN_MESSAGE_TEXT } from '../src/moderation/message-moderation';

/** Blocks (from identity's block.changed) and the contact-details shield, on a real Postgres and NATS. */

const supportId = randomUUID();

/** identity's answer to "is this person support?". */
@Controller()
class IdentityStub {
  @MessagePattern(RPC.identity.getRole)
  getRole({ userId }: GetRoleRequest) {
    return { role: userId === supportId ? 'support' : 'member' };
  }
}

@Module({ controllers: [IdentityStub] })
class IdentityStubModule {}

let stub: INestMicroservice;

const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, MessagingConfig, {
  cleanUp: async () => stub?.close(),
});

const seller = randomUUID();
const buyer = randomUUID();
const other = randomUUID();
const vase = randomUUID();
let blockVersion = 0;

async function publish(subject: string, event: object, msgID: string = randomUUID()): Promise<string> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID });
  return msgID;
}

async function processed(eventId: string): Promise<void> {
  await eventually(async () =>
    expect(
      await infra.database.query(`SELECT 1 FROM messaging.processed_events WHERE event_id = $1`, [eventId]),
    ).toHaveLength(1),
  );
}

const profile = (userId: string, firstName: string): UserProfileChangedEvent => ({
  userId,
  username: `u-${userId.slice(0, 8)}`,
  firstName,
  lastName: 'Test',
  avatar: null,
  location: null,
  isVerified: false,
  version: 1,
  occurredAt: new Date().toISOString(),
});

const block = async (blockerId: string, blockedId: string, blocked: boolean, version = ++blockVersion) =>
  processed(
    await publish(EVENTS.identity.blockChanged, {
      blockerId,
      blockedId,
      blocked,
      version,
      occurredAt: new Date().toISOString(),
    } satisfies BlockChangedEvent),
  );

const send = (actorId: string, toUserId: string, content: string) =>
  rpc.send(RPC.messaging.sendMessage, { actorId, toUserId, productId: vase, content });
const threadOf = async (actorId: string, otherUserId: string) =>
  (await rpc.send(RPC.messaging.getThread, { actorId, otherUserId, productId: vase })).view;

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeAll(async () => {
  stub = await NestFactory.createMicroservice(IdentityStubModule, {
    transport: Transport.NATS,
    options: { servers: [infra.natsUrl], queue: 'stub' },
    logger: false,
  });
  await stub.listen();
  for (const [id, name] of [
    [seller, 'Sora'],
    [buyer, 'Bea'],
    [other, 'Olga'],
  ] as const)
    await publish(EVENTS.identity.userRegistered, profile(id, name));
  await publish(EVENTS.catalog.productListed, {
    productId: vase,
    sellerId: seller,
    title: 'Kyoto tea vase',
    price: '25.00',
    occurredAt: new Date().toISOString(),
  } satisfies ProductListedEvent);
  await eventually(async () => {
    expect(await infra.database.query(`SELECT 1 FROM messaging.users`)).toHaveLength(3);
    expect(await infra.database.query(`SELECT 1 FROM messaging.products`)).toHaveLength(1);
  });
});

describe('blocks', () => {
  it('stop messages both ways, tell only the blocker it was them, and lift on unblock', async () => {
    await send(buyer, seller, 'Is the vase still available?');
    await block(seller, buyer, true);

    const toBlocker = await refusal(send(buyer, seller, 'Hello?'));
    expect([toBlocker.code, toBlocker.message]).toEqual([ErrorCode.Forbidden, BLOCK_MESSAGES.cannotMessage]);
    const fromBlocker = await refusal(send(seller, buyer, 'Yes it is'));
    expect([fromBlocker.code, fromBlocker.message]).toEqual([ErrorCode.Forbidden, BLOCK_MESSAGES.youBlockedMessage]);
    // The older messages stay where they were, for both.
    expect((await threadOf(seller, buyer)).map((m) => m.content)).toEqual(['Is the vase still available?']);

    // A late, older event (the block's own, delivered again under another id) does not bring the block back.
    await block(seller, buyer, false);
    await block(seller, buyer, true, 1);
    expect((await send(seller, buyer, 'Yes it is')).content).toBe('Yes it is');
  });

  it('reads the same to the blocked person whoever blocked, and to both after a mutual block', async () => {
    await send(other, seller, 'Hello from Olga');
    await block(other, seller, true);
    await block(seller, other, true);
    expect((await refusal(send(other, seller, 'Hi'))).message).toBe(BLOCK_MESSAGES.youBlockedMessage);
    expect((await refusal(send(seller, other, 'Hi'))).message).toBe(BLOCK_MESSAGES.youBlockedMessage);
    await block(other, seller, false);
    expect((await refusal(send(other, seller, 'Hi'))).message).toBe(BLOCK_MESSAGES.cannotMessage);
    await block(seller, other, false);
  });

  it('are forgotten with a deleted account', async () => {
    const gone = randomUUID();
    await block(gone, seller, true);
    await processed(await publish(EVENTS.identity.userDeleted, { userId: gone }));
    expect(
      await infra.database.query(`SELECT 1 FROM messaging.blocks WHERE blocker_id = $1 OR blocked_id = $1`, [gone]),
    ).toEqual([]);
  });
});

describe('the contact-details shield', () => {
  const words = 'Pay me by bank transfer: IBAN DE89 3704 0044 0532 0130 00, or call +44 7911 123456';
  const masked = 'Pay me by [off-site payment hidden]: IBAN [bank details hidden], or call [phone number hidden]';

  it('masks contact details for the recipient only, flags the message for both and for support', async () => {
    const sent = await send(seller, buyer, words);
    // The sender reads their own words, with the flag (their page warns them too).
    expect(sent).toMatchObject({ content: words, flags: ['contact-details'] });
    const forBuyer = (await threadOf(buyer, seller)).find((m) => m.id === sent.id)!;
    expect(forBuyer).toMatchObject({ content: masked, flags: ['contact-details'] });
    expect((await threadOf(seller, buyer)).find((m) => m.id === sent.id)!.content).toBe(words);
    // The conversation list's preview, and its search, are the recipient's masked text.
    const list = (await rpc.send(RPC.messaging.listConversations, { actorId: buyer, limit: PAGE_SIZE.default })).view;
    expect(list.find((c) => c.id === sent.id)?.content).toBe(masked);
    const searched = await rpc.send(RPC.messaging.listConversations, {
      actorId: buyer,
      limit: PAGE_SIZE.default,
      search: '7911',
    });
    expect(searched.view).toEqual([]);

    // Stored once, as written, with what the recipient read: the e-mail of message.sent carries the masked text.
    const [row] = await infra.database.query<{ content: string; masked_content: string; shield_findings: string[] }>(
      `SELECT content, masked_content, shield_findings FROM messaging.messages WHERE id = $1`,
      [sent.id],
    );
    expect(row).toEqual({
      content: words,
      masked_content: masked,
      shield_findings: ['bank-details', 'payment-request', 'phone'],
    });
    await eventually(async () => {
      const announced = (await readStreamEvents<MessageSentEvent>(infra, EVENTS.messaging.messageSent)).find(
        (e) => e.data.messageId === sent.id,
      );
      expect(announced?.data.content).toBe(masked);
      const flagged = (await readStreamEvents<MessageFlaggedEvent>(infra, EVENTS.messaging.messageFlagged)).find(
        (e) => e.data.messageId === sent.id,
      );
      expect(flagged?.data).toEqual(
        await parsePayload(MessageFlaggedEvent, {
          messageId: sent.id,
          fromUserId: seller,
          toUserId: buyer,
          productId: vase,
          content: words,
          findings: ['bank-details', 'payment-request', 'phone'],
          occurredAt: flagged?.data.occurredAt,
        }),
      );
    });
  });

  it("support's hide reaches the recipient's masked copy too", async () => {
    const sent = await send(seller, buyer, words);
    await processed(
      await publish(EVENTS.moderation.decided, {
        decisionId: randomUUID(),
        reportId: randomUUID(),
        subjectType: 'message',
        subjectId: sent.id,
        ownerId: seller,
        action: 'hide',
        reason: 'Asked to be paid outside the site',
        occurredAt: new Date().toISOString(),
      }),
    );
    for (const [reader, other] of [
      [buyer, seller],
      [seller, buyer],
    ] as const)
      expect((await threadOf(reader, other)).find((m) => m.id === sent.id)!.content).toBe(HIDDEN_MESSAGE_TEXT);
  });

  it('leaves ordinary messages alone', async () => {
    const sent = await send(buyer, seller, 'Would you take €25.50? I can collect on 12/05/2025 in SW1A 1AA.');
    expect(sent.flags).toBeUndefined();
    expect((await threadOf(seller, buyer)).find((m) => m.id === sent.id)!.content).toBe(sent.content);
  });

  it('stays off once the two have completed an order together', async () => {
    const completed = await publish(EVENTS.payments.orderChanged, {
      orderId: randomUUID(),
      productId: vase,
      sellerId: seller,
      buyerUserId: buyer,
      from: 'delivered',
      to: 'completed',
      actor: 'buyer',
      occurredAt: new Date().toISOString(),
    } satisfies OrderChangedEvent);
    await processed(completed);
    const sent = await send(seller, buyer, 'Thanks! Next time write to sora@example.com');
    expect(sent.flags).toBeUndefined();
    expect((await threadOf(buyer, seller)).find((m) => m.id === sent.id)!.content).toBe(sent.content);
    // Someone else, with no order with the seller, is still shielded.
    const toOther = await send(other, seller, 'mail me: olga@example.com');
    expect((await threadOf(seller, other)).find((m) => m.id === toOther.id)!.content).toBe('mail me: [email hidden]');
  });

  it('shows support the flagged messages, newest first and paged, and refuses members', async () => {
    const refused = await refusal(rpc.send(RPC.messaging.listFlaggedMessages, { actorId: buyer, limit: 10 }));
    expect(refused.code).toBe(ErrorCode.Forbidden);
    const flagged = await infra.database.query<{ id: string }>(
      `SELECT id FROM messaging.messages WHERE shield_findings IS NOT NULL ORDER BY created_at DESC, id DESC`,
    );
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    const first = await rpc.send(RPC.messaging.listFlaggedMessages, { actorId: supportId, limit: 1 });
    expect(first.items.map((m) => m.id)).toEqual([flagged[0]!.id]);
    expect(first.items[0]).toMatchObject({
      content: 'mail me: olga@example.com',
      maskedContent: 'mail me: [email hidden]',
    });
    const second = await rpc.send(RPC.messaging.listFlaggedMessages, {
      actorId: supportId,
      limit: 1,
      cursor: first.nextCursor!,
    });
    expect(second.items.map((m) => m.id)).toEqual([flagged[1]!.id]);
    expect(second.items[0]).toMatchObject({ content: words, maskedContent: masked });
  });
});
