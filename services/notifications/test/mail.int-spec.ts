import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS, RPC, type OrderChangedEvent, type OrderPaidEvent } from '@souvenir/contracts';
import type { RpcClient } from '@souvenir/platform';
import { eventually, rpcClient, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { NotificationsConfig } from '../src/config/notifications.config';

/*
 * The important notifications' mails (issue 24) against a real SMTP server in this process (smtp-server, from
 * nodemailer's authors), each arrival parsed by mailparser: identity (for the addresses) and notifications on the
 * suite's Postgres and NATS, the domain events published on JetStream as payments publishes them.
 */
let infra: TestInfra;
let identity: INestApplication;
let notifications: INestApplication | undefined;
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
let nc: NatsConnection;
let smtp: SMTPServer | undefined;
let smtpPort = 0;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];

const PUBLIC_URL = 'https://souvenir.example';

/** Starts (or restarts, on the same port) the SMTP server that accepts every mail and keeps it parsed. */
async function startSmtp(): Promise<void> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', () => resolve()));
  smtpPort = (server.server.address() as AddressInfo).port;
  smtp = server;
}

async function stopSmtp(): Promise<void> {
  const server = smtp;
  smtp = undefined;
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
}

const startNotifications = (env: Record<string, string>) =>
  startService(SERVICE_NAME, NotificationsConfig, (c) => AppModule.register(c), infra, {
    PUBLIC_URL,
    MAIL_POLL_MS: '100',
    MAIL_RETRY_BASE_SECONDS: '0.3',
    ...env,
  });

async function publish(subject: string, payload: object): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(payload), { msgID: randomUUID() });
}

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

function paid(buyerUserId: string, sellerId: string): OrderPaidEvent {
  return {
    orderId: randomUUID(),
    productId: randomUUID(),
    sellerId,
    buyerUserId,
    amountCents: 1250,
    currency: 'usd',
    occurredAt: new Date().toISOString(),
  };
}

function shipped(order: OrderPaidEvent): OrderChangedEvent {
  return {
    orderId: order.orderId,
    productId: order.productId,
    sellerId: order.sellerId,
    buyerUserId: order.buyerUserId,
    from: 'paid',
    to: 'shipped',
    actor: 'seller',
    carrier: 'DHL',
    occurredAt: new Date().toISOString(),
  };
}

const mailsTo = (email: string) => received.filter((r) => r.envelopeTo.includes(email));
const bellOf = async (actorId: string) =>
  (await rpc.send(RPC.notifications.listNotifications, { actorId, limit: 50 })).items;
const outboxOf = (userId: string) =>
  infra.database.query<{ attempts: number; sent_at: Date | null; last_error: string | null }>(
    `SELECT attempts, sent_at, last_error FROM notifications.mail_outbox WHERE user_id = $1`,
    [userId],
  );
const settle = () => new Promise((r) => setTimeout(r, 800));

beforeAll(async () => {
  infra = await startTestInfra();
  await startSmtp();
  identity = await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra);
  ({ rpc, close: closeRpc } = await rpcClient(infra));
  nc = await connect({ servers: infra.natsUrl });
});

afterAll(async () => {
  await nc?.close();
  await closeRpc?.();
  await notifications?.close();
  await identity?.close();
  await stopSmtp();
  await infra?.stop();
});

describe('mails of important notifications (SMTP_URL set)', () => {
  beforeAll(async () => {
    notifications = await startNotifications({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  });
  afterAll(async () => {
    await notifications?.close();
    notifications = undefined;
  });

  it('a sale sends its seller exactly one mail, with the subject, their name and a link to the order', async () => {
    const [seller, buyer] = [await person('Sela'), await person('Bruno')];
    const order = paid(buyer.id, seller.id);
    await publish(EVENTS.payments.orderPaid, order);
    await eventually(() => expect(mailsTo(seller.email)).toHaveLength(1));
    await settle();
    expect(mailsTo(seller.email)).toHaveLength(1);
    // The buyer paid: nothing for them to read about it.
    expect(mailsTo(buyer.email)).toHaveLength(0);

    const { mail } = mailsTo(seller.email)[0];
    const link = `${PUBLIC_URL}/orders/${order.orderId}`;
    expect(mail.subject).toBe('You made a sale on Souvenir');
    expect(mail.from?.value).toEqual([{ name: 'Souvenir', address: 'no-reply@localhost' }]);
    expect(mail.to).toMatchObject({ value: [{ address: seller.email }] });
    expect(mail.text).toContain('Hello Sela,');
    expect(mail.text).toContain('You made a sale: please ship it.');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">`);
    // The Message-ID names the outbox row, so a rare duplicate (see MailSender) is recognisable.
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@souvenir\.example>$/);
    const [row] = await outboxOf(seller.id);
    expect(row).toMatchObject({ attempts: 1, sent_at: expect.any(Date), last_error: null });
  });

  it('while the SMTP server is down the mail is retried, and once it is back it is delivered once', async () => {
    const [seller, buyer] = [await person('Sakura'), await person('Ben')];
    const order = paid(buyer.id, seller.id);
    await publish(EVENTS.payments.orderPaid, order);
    await eventually(() => expect(mailsTo(seller.email)).toHaveLength(1));

    await stopSmtp();
    await publish(EVENTS.payments.orderChanged, shipped(order));
    // Refused connections: attempts grow with the backoff (0.3 s, 0.6 s, ...), the error is kept.
    await eventually(async () => {
      const [row] = await outboxOf(buyer.id);
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }, 15_000);
    expect(mailsTo(buyer.email)).toHaveLength(0);

    await startSmtp();
    await eventually(() => expect(mailsTo(buyer.email)).toHaveLength(1), 15_000);
    await settle();
    expect(mailsTo(buyer.email)).toHaveLength(1);
    expect(mailsTo(buyer.email)[0].mail.subject).toBe('Your Souvenir order was shipped');
    expect(mailsTo(buyer.email)[0].mail.text).toContain(`${PUBLIC_URL}/orders/${order.orderId}`);
    const [row] = await outboxOf(buyer.id);
    expect(row.sent_at).toEqual(expect.any(Date));
    // The seller's own shipment is neither in their bell nor in their mail.
    expect(mailsTo(seller.email)).toHaveLength(1);
  });
});

describe('the review reminder', () => {
  it('is one of the mailed notifications', async () => {
    notifications = await startNotifications({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const reviewer = await person('Rin');
    const orderId = randomUUID();
    const dueBy = '2026-12-09T12:00:00.000Z';
    await publish(EVENTS.reviews.reminderDue, {
      orderId,
      userId: reviewer.id,
      dueBy,
      occurredAt: new Date().toISOString(),
    });
    await eventually(() => expect(mailsTo(reviewer.email)).toHaveLength(1));
    const { mail } = mailsTo(reviewer.email)[0];
    expect(mail.subject).toBe('Leave a review for your Souvenir order');
    expect(mail.text).toContain('Leave a review for your order before 9 December.');
    expect(mail.text).toContain(`${PUBLIC_URL}/orders/${orderId}`);
    await notifications.close();
    notifications = undefined;
  });
});

describe('without SMTP_URL', () => {
  it('queues and sends nothing; the notification is still in the bell', async () => {
    notifications = await startNotifications({ SMTP_URL: '' });
    const [seller, buyer] = [await person('Noor'), await person('Omar')];
    await publish(EVENTS.payments.orderPaid, paid(buyer.id, seller.id));
    await eventually(async () => expect(await bellOf(seller.id)).toHaveLength(1));
    await settle();
    expect(await outboxOf(seller.id)).toEqual([]);
    expect(mailsTo(seller.email)).toHaveLength(0);
  });
});
