import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOCKED_CHANNELS, RPC, type OrderMailFactsDto, type UserEmailDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { createTransport, type Transporter } from 'nodemailer';
import { NotificationsConfig } from '../config/notifications.config';
import { MAIL_SETTING } from '../settings/kinds';
import { NotificationSettingsRepository, type StoredSettings } from '../settings/notification-settings.repository';
import { signUnsubscribeToken } from '../settings/unsubscribe-token';
import { MailOutboxRepository, type OutboxMail } from './mail-outbox.repository';
import type { MailRecipient } from './templates/define-mail';
import type { OrderFacts } from './templates/order-facts';
import { mailTemplate } from './templates/registry';
import { assertHeaderSafe, renderMail } from './templates/render';

/** Mails claimed per round (identity and payments are asked about all of them in one request each). */
const BATCH = 20;
/**
 * How long a claimed mail is left to its worker before another may take it: longer than a send can take with the
 * transport's timeouts below, so a live worker's mail is never taken twice.
 */
const LEASE_SECONDS = 5 * 60;
const LONGEST_RETRY_SECONDS = 3600;

/** What a round learnt from identity and payments about the mails it claimed. */
interface Lookups {
  users: Map<string, UserEmailDto>;
  orders: Map<string, OrderMailFactsDto>;
  settings: Map<string, StoredSettings>;
}

/** A mail that must not be tried again (nobody to write to, nothing to say, a template that refuses its input). */
class GiveUp extends Error {}

/**
 * Sends the outbox's mails while SMTP_URL is set: a polling loop over notifications.mail_outbox (its retry times are
 * rows, so they survive restarts; the timer only decides when to look). Delivery is at least once, with one duplicate
 * possible in a single case: the process dies (or the database is away) after the SMTP server accepted a mail and
 * before it is marked sent; its retry then carries the same Message-ID (`<row id@site host>`), by which mail systems
 * and readers recognise it. A server that is down or slow is retried with doubling delays up to MAIL_MAX_ATTEMPTS; an
 * address it refuses for good (a 5xx answer: no such mailbox) is recorded in mail_refusals and never written to again.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailSender.name);
  private transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;
  private readonly host: string;

  constructor(
    private readonly config: NotificationsConfig,
    private readonly outbox: MailOutboxRepository,
    private readonly rpc: RpcClient,
    private readonly settings: NotificationSettingsRepository,
  ) {
    this.host = new URL(config.PUBLIC_URL).hostname;
  }

  onApplicationBootstrap() {
    if (!this.config.SMTP_URL) return;
    this.transport = createTransport({
      url: this.config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    this.schedule();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
    this.transport?.close();
  }

  /** One round now (tests; the loop runs them by itself). Resolves when the mails it claimed were handled. */
  async sendDue(): Promise<number> {
    const mails = await this.outbox.claim(BATCH, LEASE_SECONDS);
    if (mails.length === 0) return 0;
    let lookups: Lookups;
    try {
      lookups = await this.lookUp(mails);
    } catch (error) {
      for (const mail of mails) await this.failed(mail, `lookup failed: ${(error as Error).message}`);
      return mails.length;
    }
    await Promise.all(mails.map((mail) => this.send(mail, lookups)));
    return mails.length;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.loop();
    }, this.config.MAIL_POLL_MS);
  }

  private async loop() {
    try {
      // A full batch means more may be due: go on at once.
      while (!this.stopped && (await this.sendDue()) === BATCH);
    } catch (error) {
      this.logger.warn({ msg: 'mail round failed; will retry', error: (error as Error).message });
    }
    this.schedule();
  }

  /** Outside any transaction (the claim committed, the marks come after): addresses and order facts, one request each. */
  private async lookUp(mails: OutboxMail[]): Promise<Lookups> {
    const userIds = [...new Set(mails.flatMap((m) => (m.userId ? [m.userId] : [])))];
    const orderIds = [...new Set(mails.flatMap((m) => (m.orderId ? [m.orderId] : [])))];
    const guestLinks = [...new Set(mails.flatMap((m) => (m.guest && m.orderId ? [m.orderId] : [])))];
    const [users, orders, settings] = await Promise.all([
      userIds.length ? this.rpc.send(RPC.identity.getUserEmails, { userIds }) : [],
      orderIds.length ? this.rpc.send(RPC.payments.getOrderMailFacts, { orderIds, guestLinks }) : [],
      this.settings.getMany(userIds),
    ]);
    return {
      users: new Map(users.map((u) => [u.userId, u])),
      orders: new Map(orders.map((o) => [o.orderId, o])),
      settings,
    };
  }

  private async send(mail: OutboxMail, lookups: Lookups): Promise<void> {
    let to: MailRecipient;
    let params: Record<string, unknown>;
    try {
      ({ to, params } = await this.prepare(mail, lookups));
    } catch (error) {
      if (error instanceof GiveUp) return this.outbox.markFailed(mail.id, error.message, null, secretsOf(mail));
      return this.failed(mail, (error as Error).message);
    }
    const setting = MAIL_SETTING[mail.kind as keyof typeof MAIL_SETTING] ?? null;
    if (mail.userId && setting && !LOCKED_CHANNELS[setting]?.includes('email')) {
      // Turned off after it was queued (a one-click unsubscribe while it waited for quiet hours to end).
      if (lookups.settings.get(mail.userId)?.kinds[setting].email === false)
        return this.outbox.markFailed(mail.id, 'turned off by its recipient', null, secretsOf(mail));
    }
    if ((await this.outbox.refusedAmong([to.email])).size) {
      return this.outbox.markFailed(mail.id, 'the address was refused before', null, secretsOf(mail));
    }
    let rendered;
    try {
      const template = mailTemplate(mail.kind);
      if (!template) throw new Error(`no template for the kind ${mail.kind}`);
      const unsubscribe =
        mail.userId && setting && !template.transactional
          ? `/api/unsubscribe/${signUnsubscribeToken(this.config.UNSUBSCRIBE_SECRET, mail.userId, setting)}`
          : undefined;
      rendered = await renderMail(template, params, to, this.config.PUBLIC_URL, unsubscribe);
      assertHeaderSafe(to.email, 'address');
    } catch (error) {
      // A template that refuses its input (a subject with a line break) will refuse it again.
      this.logger.warn({ msg: 'mail not rendered; given up', mailId: mail.id, error: (error as Error).message });
      return this.outbox.markFailed(mail.id, (error as Error).message, null, secretsOf(mail));
    }
    try {
      await this.transport!.sendMail({
        from: this.config.MAIL_FROM,
        to: to.email,
        subject: rendered.subject,
        messageId: `<${mail.id}@${this.host}>`,
        text: rendered.text,
        html: rendered.html,
        // RFC 8058: a mail client may turn this kind off with one POST to the link, without opening the site.
        ...(rendered.unsubscribeUrl
          ? {
              list: { unsubscribe: rendered.unsubscribeUrl },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600 && (error as { command?: string }).command === 'RCPT TO') {
        // Refused for good: recorded, not retried forever.
        await this.outbox.recordRefusal(to.email, (error as Error).message);
        return this.outbox.markFailed(mail.id, `refused: ${(error as Error).message}`, null, secretsOf(mail));
      }
      return this.failed(mail, (error as Error).message);
    }
    await this.outbox.markSent(mail.id, to.email, secretsOf(mail));
  }

  /** The recipient and the template's parameters, with the order's facts and this recipient's link to it. */
  private async prepare(
    mail: OutboxMail,
    { users, orders }: Lookups,
  ): Promise<{ to: MailRecipient; params: Record<string, unknown> }> {
    const params = { ...mail.params };
    let to: MailRecipient | undefined;
    if (mail.orderId) {
      const facts = orders.get(mail.orderId);
      if (!facts) throw new GiveUp('the order is unknown to payments');
      params.order = toOrderFacts(facts, mail.guest);
      if (mail.guest) to = { email: facts.buyerEmail, firstName: facts.buyerFirstName };
    }
    if (mail.kind === 'order-links') {
      // "Find my order": asked at send time, so the answer to the request said nothing about what exists.
      const found = await this.rpc.send(RPC.payments.guestOrderLinks, { email: mail.toEmail! });
      if (!found.length) throw new GiveUp('nothing to send: no guest orders for this address');
      params.orders = found.map((facts) => toOrderFacts(facts, true));
      to = { email: mail.toEmail!, firstName: found[0]!.buyerFirstName };
    }
    if (mail.userId) {
      const user = users.get(mail.userId);
      if (!user) throw new GiveUp('recipient has no account');
      to = { email: user.email, firstName: user.firstName };
    }
    to ??= mail.toEmail ? { email: mail.toEmail, firstName: mail.toName } : undefined;
    if (!to) throw new GiveUp('nobody to write to');
    return { to, params };
  }

  private async failed(mail: OutboxMail, error: string) {
    const last = mail.attempts >= this.config.MAIL_MAX_ATTEMPTS;
    const retryIn = Math.min(this.config.MAIL_RETRY_BASE_SECONDS * 2 ** (mail.attempts - 1), LONGEST_RETRY_SECONDS);
    this.logger.warn({ msg: last ? 'mail given up' : 'mail not sent; will retry', mailId: mail.id, error });
    await this.outbox.markFailed(mail.id, error, last ? null : retryIn, secretsOf(mail));
  }
}

/** A guest's link is the private one payments issued for this mail; everyone else opens the order by its id. */
function toOrderFacts(facts: OrderMailFactsDto, guest: boolean): OrderFacts {
  return {
    orderId: facts.orderId,
    productTitle: facts.productTitle,
    ...(facts.itemTitles?.length ? { itemTitles: facts.itemTitles } : {}),
    amountCents: facts.amountCents,
    currency: facts.currency,
    sellerName: facts.sellerName,
    link: guest ? facts.link : `/orders/${facts.orderId}`,
  };
}

/** The parameters of this mail's kind that hold a token, dropped from the outbox once the mail is done. */
const secretsOf = (mail: OutboxMail): readonly string[] => mailTemplate(mail.kind)?.secretParams ?? [];
