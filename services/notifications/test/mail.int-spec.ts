import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS, RPC, type OrderChangedEvent, type OrderPaidEvent } from '@souvenir/contracts';
import type { RpcClient } from '@souvenir/platform';
import {
  eventually,
  linkIn,
  mailHeaders,
  processed,
  mailsTo,
  rpcClient,
  startMailDev,
  startService,
  startTestInfra,
  type MailDevServer,
  type TestInfra,
} from '@souvenir/testing';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule as PaymentsModule, SERVICE_NAME as PAYMENTS } from '../../payments/src/app.module';
import { PaymentsConfig } from '../../payments/src/config/payments.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { NotificationsConfig } from '../src/config/notifications.config';

/*
 * Mail as a real channel against a real MailDev, read through its REST API: identity (addresses) and
 * payments (what an order's mail says, a guest's private link) answer on the suite's NATS; the domain events are
 * published on JetStream as their owners publish them; the orders are rows in payments' own table.
 */
let infra: TestInfra;
let maildev: MailDevServer;
const apps: INestApplication[] = [];
let notifications: INestApplication | undefined;
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
let nc: NatsConnection;

const PUBLIC_URL = 'https://souvenir.example';

/** The mails to an address, less identity's own (registration mails a verification link: another suite's subject). */
const mailsFor = async (email: string) =>
  (await mailsTo(maildev.webUrl, email)).filter((mail) => !mail.subject.startsWith('Verify your e-mail'));

const startNotifications = (env: Record<string, string>) =>
  startService(SERVICE_NAME, NotificationsConfig, (c) => AppModule.register(c), infra, {
    PUBLIC_URL,
    MAIL_POLL_MS: '100',
    MAIL_RETRY_BASE_SECONDS: '0.3',
    ...env,
  });

async function publish(subject: string, payload: object, msgID: string = randomUUID()): Promise<string> {
  await jetstream(nc).publish(subject, JSON.stringify(payload), { msgID });
  return msgID;
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

/** A paid order in payments' table, as a checkout leaves it; a guest's when `buyerUserId` is null. */
async function paidOrder(
  sellerId: string,
  buyer: { userId: string | null; email: string; firstName: string },
  title = 'Kokeshi doll',
): Promise<OrderPaidEvent> {
  const order: OrderPaidEvent = {
    orderId: randomUUID(),
    productId: randomUUID(),
    sellerId,
    buyerUserId: buyer.userId,
    amountCents: 1250,
    currency: 'usd',
    occurredAt: new Date().toISOString(),
  };
  const address = { street: '1 Main St', city: 'Springfield', state: '', zip: '10001', country: 'United States' };
  await infra.database.query(
    `INSERT INTO payments.orders (id, product_id, product_title, seller_id, buyer_user_id, contact_email,
       contact_first_name, contact_last_name, billing_address, delivery_address, amount_cents, currency, provider,
       status, seller_name, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'Test', $8, $8, 1250, 'usd', 'test', 'paid', 'Sela', now())`,
    [order.orderId, order.productId, title, sellerId, buyer.userId, buyer.email, buyer.firstName, address],
  );
  return order;
}

function change(
  order: OrderPaidEvent,
  from: OrderChangedEvent['from'],
  to: OrderChangedEvent['to'],
  actor: OrderChangedEvent['actor'],
): OrderChangedEvent {
  const { orderId, productId, sellerId, buyerUserId } = order;
  return { orderId, productId, sellerId, buyerUserId, from, to, actor, occurredAt: new Date().toISOString() };
}

const outboxOf = (recipient: string) =>
  infra.database.query<{
    kind: string;
    attempts: number;
    sent_at: Date | null;
    failed_at: Date | null;
    last_error: string | null;
  }>(`SELECT kind, attempts, sent_at, failed_at, last_error FROM notifications.mail_outbox WHERE recipient = $1`, [
    recipient,
  ]);
/** Nothing left in the mail outbox for the recipient: every mail queued for them has been handed to the server. */
const allSent = (recipient: string) =>
  eventually(async () => expect((await outboxOf(recipient)).filter((row) => row.sent_at === null)).toEqual([]), 15_000);

beforeAll(async () => {
  infra = await startTestInfra();
  maildev = await startMailDev();
  apps.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  apps.push(await startService(PAYMENTS, PaymentsConfig, (c) => PaymentsModule.register(c), infra));
  ({ rpc, close: closeRpc } = await rpcClient(infra));
  nc = await connect({ servers: infra.natsUrl });
});

afterAll(async () => {
  await nc?.close();
  await closeRpc?.();
  await notifications?.close();
  for (const app of apps.reverse()) await app.close();
  await maildev?.stop();
  await infra?.stop();
});

describe('mail through MailDev (SMTP_URL set)', () => {
  beforeAll(async () => {
    notifications = await startNotifications({ SMTP_URL: maildev.smtpUrl });
  });
  afterAll(async () => {
    await notifications?.close();
    notifications = undefined;
  });

  it("a member's order: a receipt for the buyer and a sale for the seller, once each, text and HTML, links on the site", async () => {
    const [seller, buyer] = [await person('Sela'), await person('Bruno')];
    const order = await paidOrder(seller.id, { userId: buyer.id, email: buyer.email, firstName: 'Bruno' });
    const first = await publish(EVENTS.payments.orderPaid, order);
    // The same change published again under another message id (a replayed outbox row): nothing more is mailed.
    const replayed = await publish(EVENTS.payments.orderPaid, order);
    await eventually(async () => expect(await mailsFor(buyer.email)).toHaveLength(1));
    await eventually(async () => expect(await mailsFor(seller.email)).toHaveLength(1));
    await processed(infra, 'notifications', [first, replayed]);
    await allSent(`user:${buyer.id}`);
    expect(await mailsFor(buyer.email)).toHaveLength(1);

    const [receipt] = await mailsFor(buyer.email);
    expect(receipt!.subject).toBe('Your Souvenir Swap receipt: Kokeshi doll');
    expect(receipt!.text).toContain('Hello Bruno,');
    expect(receipt!.text).toContain('Total: $12.50');
    expect(receipt!.text).toContain(`View your order: ${PUBLIC_URL}/orders/${order.orderId}`);
    expect(receipt!.html).toContain(`href="${PUBLIC_URL}/orders/${order.orderId}"`);
    const [sale] = await mailsFor(seller.email);
    expect(sale!.subject).toBe('You made a sale on Souvenir Swap');
    expect(sale!.text).toContain('You made a sale: please ship it.');
    expect(await outboxOf(`user:${buyer.id}`)).toEqual([
      expect.objectContaining({ kind: 'receipt', attempts: 1, sent_at: expect.any(Date), last_error: null }),
    ]);
  });

  it("a guest's order: the receipt goes to the address they paid with, with a private link that opens the order", async () => {
    const seller = await person('Saki');
    const email = `gia-${randomUUID().slice(0, 6)}@example.com`;
    const order = await paidOrder(seller.id, { userId: null, email, firstName: 'Gia <b>' }, 'Tin robot & "box"');
    await publish(EVENTS.payments.orderPaid, order);
    await eventually(async () => expect(await mailsFor(email)).toHaveLength(1));
    const [receipt] = await mailsFor(email);
    expect(receipt!.text).toContain('Hello Gia <b>,');
    // What a person typed is escaped in the HTML part.
    expect(receipt!.html).toContain('Hello Gia &lt;b&gt;,');
    expect(receipt!.html).toContain('Tin robot &amp; &quot;box&quot;');
    const link = linkIn(receipt!, `${PUBLIC_URL}/orders/`)!;
    const token = link.slice(`${PUBLIC_URL}/orders/`.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).not.toBe(order.orderId);
    // The token opens that order for nobody but its guest buyer; payments keeps only its hash.
    const opened = await rpc.send(RPC.payments.getOrder, { orderRef: token });
    expect(opened.id).toBe(order.orderId);
    const [stored] = await infra.database.query<{ token_hash: string }>(
      `SELECT token_hash FROM payments.order_links WHERE order_id = $1`,
      [order.orderId],
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);

    // Later changes reach the guest too; the seller's own shipment is not mailed to the seller.
    await publish(EVENTS.payments.orderChanged, { ...change(order, 'paid', 'shipped', 'seller'), carrier: 'DHL' });
    await eventually(async () => expect(await mailsFor(email)).toHaveLength(2));
    const shipped = (await mailsFor(email))[1]!;
    expect(shipped.subject).toBe('Your Souvenir Swap order was shipped');
    expect(shipped.text).toContain('Carrier: DHL');
    expect(linkIn(shipped, `${PUBLIC_URL}/orders/`)).not.toContain(order.orderId);
  });

  it('"Find my order" mails the links of the guest orders of an address, and nothing to an address without any', async () => {
    const seller = await person('Sora');
    const email = `Finn-${randomUUID().slice(0, 6)}@Example.com`;
    await paidOrder(seller.id, { userId: null, email, firstName: 'Finn' }, 'Matryoshka');
    await paidOrder(seller.id, { userId: null, email: email.toLowerCase(), firstName: 'Finn' }, 'Tea bowl');
    const nobody = `nobody-${randomUUID().slice(0, 6)}@example.com`;
    await rpc.send(RPC.notifications.requestGuestOrderLinks, { email: email.toUpperCase() });
    await rpc.send(RPC.notifications.requestGuestOrderLinks, { email: nobody });
    await eventually(async () => expect(await mailsFor(email)).toHaveLength(1));
    const [found] = await mailsFor(email);
    expect(found!.subject).toBe('Your Souvenir Swap orders');
    expect(found!.text).toContain('Hello Finn,');
    expect(found!.text).toMatch(new RegExp(`Tea bowl: ${PUBLIC_URL}/orders/[A-Za-z0-9_-]{32}`));
    expect(found!.text).toMatch(new RegExp(`Matryoshka: ${PUBLIC_URL}/orders/[A-Za-z0-9_-]{32}`));
    await eventually(async () =>
      expect(await outboxOf(`email:${nobody}`)).toEqual([
        expect.objectContaining({
          sent_at: null,
          failed_at: expect.any(Date),
          last_error: expect.stringMatching(/nothing to send/),
        }),
      ]),
    );
    expect(await mailsFor(nobody)).toHaveLength(0);
  });

  it('claims and payouts: the other party is told, support decisions reach both, the payout its seller', async () => {
    const [seller, buyer] = [await person('Sami'), await person('Bea')];
    const order = await paidOrder(seller.id, { userId: buyer.id, email: buyer.email, firstName: 'Bea' });
    await publish(EVENTS.payments.orderChanged, change(order, 'delivered', 'disputed', 'buyer'));
    await publish(EVENTS.payments.orderChanged, {
      ...change(order, 'disputed', 'disputed', 'seller'),
      reason: 'It left intact',
    });
    await publish(EVENTS.payments.orderChanged, change(order, 'disputed', 'refunded', 'support'));
    await publish(EVENTS.payments.payoutPaid, {
      payoutId: randomUUID(),
      orderId: order.orderId,
      sellerId: seller.id,
      amountCents: 1100,
      currency: 'usd',
      occurredAt: new Date().toISOString(),
    });
    await eventually(async () => {
      expect((await mailsFor(seller.email)).map((m) => m.subject).sort()).toEqual([
        'A buyer opened a claim on your sale',
        'Your Souvenir Swap payout was sent',
        'Your claim was decided',
      ]);
      expect((await mailsFor(buyer.email)).map((m) => m.subject).sort()).toEqual([
        'The seller answered your claim',
        'Your claim was decided',
      ]);
    });
    const answered = (await mailsFor(buyer.email)).find((m) => m.subject.includes('answered'))!;
    expect(answered.text).toContain('It left intact');
  });

  it('the review reminder is not transactional: it carries an unsubscribe link', async () => {
    const reviewer = await person('Rin');
    await publish(EVENTS.reviews.reminderDue, {
      orderId: randomUUID(),
      userId: reviewer.id,
      dueBy: '2026-12-09T12:00:00.000Z',
      occurredAt: new Date().toISOString(),
    });
    await eventually(async () => expect(await mailsFor(reviewer.email)).toHaveLength(1));
    const [mail] = await mailsFor(reviewer.email);
    expect(mail!.subject).toBe('Leave a review for your Souvenir Swap order');
    expect(mail!.text).toContain('Leave a review for your order before 9 December.');
    const unsubscribe = linkIn(mail!, `${PUBLIC_URL}/api/unsubscribe/`)!;
    expect(unsubscribe).toMatch(/^https:\/\/souvenir\.example\/api\/unsubscribe\/[\w-]+\.[\w-]+$/);
    expect(mail!.html).toContain(`href="${unsubscribe}"`);
    const headers = await mailHeaders(maildev.webUrl, mail!);
    expect(headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('a link holding a token is mailed, then dropped from the outbox: the table keeps no live tokens', async () => {
    const owner = await person('Tomas');
    const linkPath = `/reset-password?token=${'A'.repeat(43)}`;
    await publish(EVENTS.identity.passwordResetRequested, {
      userId: owner.id,
      email: owner.email,
      firstName: 'Tomas',
      linkPath,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      occurredAt: new Date().toISOString(),
    });
    await eventually(async () =>
      expect((await mailsFor(owner.email)).map((m) => m.subject)).toContain('Reset your Souvenir Swap password'),
    );
    const reset = (await mailsFor(owner.email)).find((m) => m.subject === 'Reset your Souvenir Swap password')!;
    expect(reset.text).toContain(`${PUBLIC_URL}${linkPath}`);
    await eventually(async () => {
      const [row] = await infra.database.query<{ params: Record<string, unknown>; sent_at: Date | null }>(
        `SELECT params, sent_at FROM notifications.mail_outbox WHERE kind = 'password-reset' AND to_email = $1`,
        [owner.email],
      );
      expect(row?.sent_at).not.toBeNull();
      expect(row?.params).not.toHaveProperty('linkPath');
    });
  });
});

describe('when the mail server is down or refuses', () => {
  afterEach(async () => {
    await notifications?.close();
    notifications = undefined;
  });

  it('retries with backoff while it is away, and delivers once when it is back', async () => {
    const down = await startMailDev();
    const smtpUrl = down.smtpUrl;
    await down.stop();
    notifications = await startNotifications({ SMTP_URL: smtpUrl });
    const reviewer = await person('Ren');
    // This app's sender never reaches a server; the other suites' mails (identity's) stay queued for it too.
    await publish(EVENTS.reviews.reminderDue, {
      orderId: randomUUID(),
      userId: reviewer.id,
      dueBy: '2026-12-09T12:00:00.000Z',
      occurredAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const [row] = await outboxOf(`user:${reviewer.id}`);
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
      expect(row!.sent_at).toBeNull();
      expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    }, 15_000);
    await notifications.close();
    // The same outbox, now with a server that answers: the mail goes out once.
    notifications = await startNotifications({ SMTP_URL: maildev.smtpUrl });
    await eventually(async () => expect(await mailsFor(reviewer.email)).toHaveLength(1), 15_000);
    await allSent(`user:${reviewer.id}`);
    expect(await mailsFor(reviewer.email)).toHaveLength(1);
    await notifications.close();
    notifications = undefined;
  });
});

describe('without SMTP_URL', () => {
  afterEach(async () => {
    await notifications?.close();
    notifications = undefined;
  });

  it('queues and sends nothing; the notification is still in the bell', async () => {
    notifications = await startNotifications({ SMTP_URL: '' });
    const [seller, buyer] = [await person('Noor'), await person('Omar')];
    const order = await paidOrder(seller.id, { userId: buyer.id, email: buyer.email, firstName: 'Omar' });
    const paid = await publish(EVENTS.payments.orderPaid, order);
    await eventually(async () =>
      expect(
        (await rpc.send(RPC.notifications.listNotifications, { actorId: seller.id, limit: 50 })).items,
      ).toHaveLength(1),
    );
    await processed(infra, 'notifications', [paid]);
    expect(await outboxOf(`user:${seller.id}`)).toEqual([]);
  });
});
