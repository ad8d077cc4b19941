import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { ACCOUNT_DELETION_MESSAGES, ErrorCode, EVENTS, PAGE_SIZE, RPC } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, processed, serviceSuite, userDeleted } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';

/**
 * messaging's part of an account deletion (identity's user.deleted over real NATS): the other party keeps the
 * conversation, where the person reads "Deleted user" without a photo and their words are replaced by a neutral
 * sentence. A replay, or a profile event arriving late, changes nothing.
 */
const leaving = randomUUID();
const staying = randomUUID();
const productId = randomUUID();

const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, MessagingConfig, { env: { RPC_TIMEOUT_MS: '1500' } });

async function publish(subject: string, event: object, msgID: string = randomUUID()): Promise<string> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID });
  return msgID;
}

const profile = (userId: string, firstName: string, version: number) => ({
  userId,
  username: firstName.toLowerCase(),
  firstName,
  lastName: 'Okafor',
  avatar: 'https://img.example.com/face.png',
  location: 'Lagos, Nigeria',
  isVerified: false,
  version,
  occurredAt: new Date().toISOString(),
});

const send = (actorId: string, toUserId: string, content: string) =>
  rpc.send(RPC.messaging.sendMessage, { actorId, toUserId, productId, content });

beforeAll(async () => {
  const ids = [
    await publish(EVENTS.identity.userRegistered, profile(leaving, 'Ngozi', 1)),
    await publish(EVENTS.identity.userRegistered, profile(staying, 'Tunde', 1)),
    await publish(EVENTS.catalog.productListed, {
      productId,
      sellerId: leaving,
      title: 'Adire cloth',
      price: '30.00',
      occurredAt: new Date().toISOString(),
    }),
  ];
  await processed(infra, 'messaging', ids);
});

it('shows the other party "Deleted user" and a neutral sentence for their words, and a replay changes nothing', async () => {
  await send(staying, leaving, 'Is the cloth indigo-dyed?');
  await send(leaving, staying, 'Yes. Call me on 0803 555 0199');

  await userDeleted(infra, 'messaging', leaving, 'messaging-erasure-1');

  const inbox = async () => {
    const [conversation] = (
      await rpc.send(RPC.messaging.listConversations, { actorId: staying, limit: PAGE_SIZE.default })
    ).view;
    const thread = (await rpc.send(RPC.messaging.getThread, { actorId: staying, otherUserId: leaving, productId }))
      .view;
    return { conversation, thread };
  };
  const after = await inbox();
  const other = after.conversation.fromUserId === leaving ? after.conversation.fromUser : after.conversation.toUser;
  expect(other).toMatchObject({ id: leaving, firstName: 'Deleted', lastName: 'user', avatar: null });
  expect(after.thread.map((m) => [m.fromUserId, m.content])).toEqual([
    [staying, 'Is the cloth indigo-dyed?'],
    [leaving, ACCOUNT_DELETION_MESSAGES.erasedMessage],
  ]);
  expect(JSON.stringify(after)).not.toContain('Ngozi');
  expect(JSON.stringify(after)).not.toContain('0803');

  // Nobody can write to them any more: like an unknown person, 404.
  const refused = await send(staying, leaving, 'Hello?').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).code).toBe(ErrorCode.NotFound);

  await userDeleted(infra, 'messaging', leaving, 'messaging-erasure-2');
  await processed(infra, 'messaging', [await publish(EVENTS.identity.userUpdated, profile(leaving, 'Ngozi', 9))]);
  await eventually(async () => {
    const again = await inbox();
    expect(again.thread.map((m) => m.content)).toEqual(after.thread.map((m) => m.content));
    expect(JSON.stringify(again)).not.toContain('Ngozi');
  });
});
