import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  EVENTS,
  LOCKED_CHANNEL_MESSAGE,
  RPC,
  type MessageSentEvent,
  type ReviewReminderDueEvent,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import {
  eventually,
  mailHeaders,
  mailsTo,
  processed,
  serviceSuite,
  startMailDev,
  startService,
  type CaughtMail,
  type MailDevServer,
} from '@souvenir/testing';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { NotificationsConfig } from '../src/config/notifications.config';
import { RELEASE_HELD_MAIL } from '../src/settings/held-mail';
import { MessageMail } from '../src/settings/message-mail';

/*
 * Notification settings on the real Postgres, NATS, pg-boss and MailDev: what people turn off is neither mailed nor
 * put in the bell, locked kinds stay on, quiet hours hold mail until a pg-boss job releases it, a mail's one-click
 * unsubscribe works only with its own signed token, and a daily digest goes out once even from two replicas.
 */
let maildev: MailDevServer;
let second: INestApplication | undefined;
const PUBLIC_URL = 'https://souvenir.example';
const { infra, rpc, nc, restart } = serviceSuite(SERVICE_NAME, AppModule, NotificationsConfig, {
  before: [{ name: IDENTITY, module: IdentityModule, config: IdentityConfig }],
  cleanUp: async () => {
    await second?.close();
    await maildev?.stop();
  },
});
let app: INestApplication;
const env = () => ({ SMTP_URL: maildev.smtpUrl, PUBLIC_URL, MAIL_POLL_MS: '100' });

beforeAll(async () => {
  maildev = await startMailDev();
  app = await restart(env());
}, 60_000);

/** The mails to an address, less identity's own verification mail. */
const mailsFor = async (email: string) =>
  (await mailsTo(maildev.webUrl, email)).filter((mail) => !mail.subject.startsWith('Verify your e-mail'));

async function person(name: string): Promise<{ id: string; email: string }> {
  const username = `${name}${randomUUID().slice(0, 6)}`;
  const email = `${username}@example.com`;
  const user = await rpc.send(RPC.identity.register, {
    email,
    password: 'secret1',
    username,
    firstName: name,
    lastName: 'Test',
  });
  return { id: user.id, email };
}

async function publish(subject: string, payload: object): Promise<string> {
  const msgID = randomUUID();
  await jetstream(nc).publish(subject, JSON.stringify(payload), { msgID });
  return msgID;
}

const reminder = (userId: string): ReviewReminderDueEvent => ({
  orderId: randomUUID(),
  userId,
  dueBy: '2026-12-09T12:00:00.000Z',
  occurredAt: new Date().toISOString(),
});

const message = (fromUserId: string, toUserId: string, content: string): MessageSentEvent => ({
  messageId: randomUUID(),
  fromUserId,
  toUserId,
  productId: randomUUID(),
  content,
  occurredAt: new Date().toISOString(),
});

const bell = async (userId: string) =>
  (await rpc.send(RPC.notifications.listNotifications, { actorId: userId, limit: 50 })).items;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof DomainError ? { code: e.code, message: e.message } : e),
  );

/** The token of a mail's List-Unsubscribe header (RFC 8058: with List-Unsubscribe-Post). */
async function unsubscribeToken(mail: CaughtMail): Promise<string> {
  const headers = await mailHeaders(maildev.webUrl, mail);
  const header = headers['list-unsubscribe'];
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const match = /^<https:\/\/souvenir\.example\/api\/unsubscribe\/([\w-]+\.[\w-]+)>$/.exec(header ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

const hhmm = (date: Date) => date.toISOString().slice(11, 16);

it('starts from the defaults, saves changes, and refuses to turn off security or order e-mail', async () => {
  const ana = await person('Ana');
  const initial = await rpc.send(RPC.notifications.getSettings, { actorId: ana.id });
  expect(initial.kinds.messages).toEqual({ inApp: true, email: true });
  expect(initial.kinds.marketing).toEqual({ inApp: true, email: false });
  expect(initial).toMatchObject({ quietHours: null, digest: 'off', locked: { accountSecurity: ['inApp', 'email'] } });

  const saved = await rpc.send(RPC.notifications.updateSettings, {
    actorId: ana.id,
    kinds: { reviews: { inApp: false, email: true } },
    quietHours: { start: '22:00', end: '08:00', timeZone: 'Europe/Lisbon' },
    digest: 'daily',
  });
  expect(saved.kinds.reviews).toEqual({ inApp: false, email: true });
  expect(saved.kinds.messages).toEqual({ inApp: true, email: true });
  expect(saved).toMatchObject({ quietHours: { start: '22:00', timeZone: 'Europe/Lisbon' }, digest: 'daily' });
  // A later save of other kinds keeps this one; quiet hours given as null are cleared.
  const again = await rpc.send(RPC.notifications.updateSettings, {
    actorId: ana.id,
    kinds: { offers: { inApp: true, email: false } },
    quietHours: null,
  });
  expect(again.kinds.reviews).toEqual({ inApp: false, email: true });
  expect(again).toMatchObject({ quietHours: null, digest: 'daily' });

  for (const kinds of [{ accountSecurity: { inApp: true, email: false } }, { orders: { inApp: true, email: false } }])
    expect(await refusal(rpc.send(RPC.notifications.updateSettings, { actorId: ana.id, kinds }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: LOCKED_CHANNEL_MESSAGE,
    });
  const bad = [
    { kinds: { nonsense: { inApp: true, email: true } } },
    { kinds: { messages: { inApp: 'yes', email: true } } },
    { kinds: { messages: { inApp: true } } },
    { kinds: {}, quietHours: { start: '25:00', end: '08:00', timeZone: 'UTC' } },
    { kinds: {}, quietHours: { start: '22:00', end: '08:00', timeZone: 'Mars/Olympus' } },
    { kinds: {}, digest: 'weekly' },
  ];
  for (const body of bad)
    expect(
      await refusal(rpc.send(RPC.notifications.updateSettings, { actorId: ana.id, ...(body as object) } as never)),
    ).toMatchObject({ code: ErrorCode.ValidationFailed });
});

it('honours the settings: a kind turned off is neither mailed nor in the bell; the defaults get both', async () => {
  const [quiet, loud] = [await person('Quinn'), await person('Lou')];
  await rpc.send(RPC.notifications.updateSettings, {
    actorId: quiet.id,
    kinds: { reviews: { inApp: false, email: false } },
  });
  const ids = [await publish(EVENTS.reviews.reminderDue, reminder(quiet.id))];
  ids.push(await publish(EVENTS.reviews.reminderDue, reminder(loud.id)));
  await eventually(async () => expect(await mailsFor(loud.email)).toHaveLength(1));
  expect(await bell(loud.id)).toHaveLength(1);
  await processed(infra, 'notifications', ids);
  expect(await bell(quiet.id)).toEqual([]);
  expect(await mailsFor(quiet.email)).toEqual([]);
  const [queued] = await infra.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications.mail_outbox WHERE user_id = $1`,
    [quiet.id],
  );
  expect(queued!.n).toBe(0);
});

it("one-click unsubscribe: the mail's own token turns that kind off; forged or altered tokens change nothing", async () => {
  const [sender, reader, other] = [await person('Sam'), await person('Rita'), await person('Otto')];
  await publish(EVENTS.messaging.messageSent, message(sender.id, reader.id, 'Is the kokeshi still available?'));
  await eventually(async () => expect(await mailsFor(reader.email)).toHaveLength(1));
  const [mail] = await mailsFor(reader.email);
  expect(mail!.subject).toBe('Sam sent you a message on Souvenir Swap');
  expect(mail!.text).toContain('Is the kokeshi still available?');
  const token = await unsubscribeToken(mail!);

  // The payload names the user and kind; the signature covers them: swapping in another person's id fails.
  const [, signature] = token.split('.');
  const forgedPayload = Buffer.from(`${other.id}:messages`).toString('base64url');
  for (const forged of [`${forgedPayload}.${signature}`, `${token.split('.')[0]}.${'A'.repeat(43)}`, 'abc.def'])
    expect(await refusal(rpc.send(RPC.notifications.unsubscribe, { token: forged }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: 'This unsubscribe link is not valid',
    });
  expect((await rpc.send(RPC.notifications.getSettings, { actorId: other.id })).kinds.messages.email).toBe(true);

  expect(await rpc.send(RPC.notifications.unsubscribe, { token })).toEqual({ kind: 'messages' });
  // Twice is fine (mail clients retry).
  expect(await rpc.send(RPC.notifications.unsubscribe, { token })).toEqual({ kind: 'messages' });
  const after = await rpc.send(RPC.notifications.getSettings, { actorId: reader.id });
  expect(after.kinds.messages).toEqual({ inApp: true, email: false });

  const next = await publish(EVENTS.messaging.messageSent, message(sender.id, reader.id, 'Hello again'));
  await processed(infra, 'notifications', [next]);
  expect(await mailsFor(reader.email)).toHaveLength(1);
});

it('quiet hours hold non-urgent mail until the pg-boss release runs; security mail is never held', async () => {
  const night = await person('Nia');
  const now = new Date();
  const end = new Date(now.getTime() + 3 * 3_600_000);
  await rpc.send(RPC.notifications.updateSettings, {
    actorId: night.id,
    kinds: {},
    quietHours: { start: hhmm(new Date(now.getTime() - 10 * 60_000)), end: hhmm(end), timeZone: 'UTC' },
  });
  const held = await publish(EVENTS.reviews.reminderDue, reminder(night.id));
  await publish(EVENTS.identity.passwordChanged, {
    userId: night.id,
    email: night.email,
    firstName: 'Nia',
    occurredAt: new Date().toISOString(),
  });
  await eventually(async () =>
    expect((await mailsFor(night.email)).map((m) => m.subject)).toEqual(['Your Souvenir Swap password was changed']),
  );
  await processed(infra, 'notifications', [held]);
  const [row] = await infra.database.query<{ held_until: Date; sent_at: Date | null }>(
    `SELECT held_until, sent_at FROM notifications.mail_outbox WHERE user_id = $1 AND kind = 'review-reminder'`,
    [night.id],
  );
  expect(row!.sent_at).toBeNull();
  expect(Math.abs(row!.held_until.getTime() - end.getTime())).toBeLessThan(60_000);
  const jobs = await infra.database.query<{ id: string; start_after: Date }>(
    `SELECT id, start_after FROM notifications_jobs.job WHERE name = $1 AND data->>'userId' = $2`,
    [RELEASE_HELD_MAIL, night.id],
  );
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.start_after.getTime()).toBe(row!.held_until.getTime());
  // Still held a moment later: nothing in memory sends it early.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await mailsFor(night.email)).toHaveLength(1);

  // The quiet hours end (the job's due time is brought forward): the release job runs and the mail goes.
  await infra.database.query(`UPDATE notifications_jobs.job SET start_after = now() WHERE id = $1`, [jobs[0]!.id]);
  await eventually(async () => expect(await mailsFor(night.email)).toHaveLength(2), 15_000);
  expect((await mailsFor(night.email))[1]!.subject).toBe('Leave a review for your Souvenir Swap order');
}, 40_000);

it('the daily digest collects messages and mails them once, even with two replicas running it together', async () => {
  const [reader, writer] = [await person('Dee'), await person('Wes')];
  await rpc.send(RPC.notifications.updateSettings, { actorId: reader.id, kinds: {}, digest: 'daily' });
  const ids = [];
  for (const text of ['First question', 'Second question', 'Third question'])
    ids.push(await publish(EVENTS.messaging.messageSent, message(writer.id, reader.id, text)));
  await processed(infra, 'notifications', ids);
  expect(await mailsFor(reader.email)).toEqual([]);

  second = await startService(SERVICE_NAME, NotificationsConfig, (c) => AppModule.register(c), infra, env());
  const sent = await Promise.all([app.get(MessageMail).sendDigests(), second.get(MessageMail).sendDigests()]);
  expect(sent.filter((n) => n > 0)).toHaveLength(1);
  await eventually(async () => expect(await mailsFor(reader.email)).toHaveLength(1));
  const [digest] = await mailsFor(reader.email);
  expect(digest!.subject).toBe('Your Souvenir Swap digest: 3 new messages');
  expect(digest!.text).toMatch(/First question[\s\S]*Second question[\s\S]*Third question/);
  await unsubscribeToken(digest!);
  // Nothing is left for the next slot.
  expect(await app.get(MessageMail).sendDigests()).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await mailsFor(reader.email)).toHaveLength(1);
  await second.close();
  second = undefined;
}, 40_000);
