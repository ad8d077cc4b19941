import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RPC, type UserEmailDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { createTransport, type Transporter } from 'nodemailer';
import { NotificationsConfig } from '../config/notifications.config';
import { mailBody } from './mail-body';
import { MailOutboxRepository, type OutboxMail } from './mail-outbox.repository';

/** Mails claimed per round (identity is asked for their addresses in one request). */
const BATCH = 20;
/**
 * How long a claimed mail is left to its worker before another may take it: longer than a send can take with the
 * transport's timeouts below, so a live worker's mail is never taken twice.
 */
const LEASE_SECONDS = 5 * 60;
const LONGEST_RETRY_SECONDS = 3600;

/**
 * Sends the outbox's mails while SMTP_URL is set: a polling loop over notifications.mail_outbox (its retry times are
 * rows, so they survive restarts; the timer only decides when to look). Delivery is at least once, with one duplicate
 * possible in a single case: the process dies (or the database is away) after the SMTP server accepted a mail and
 * before it is marked sent; its retry then carries the same Message-ID (`<row id@site host>`), by which mail systems
 * and readers recognise it. Every other failure (server down, refused, timeout before acceptance) retries with
 * doubling delays up to MAIL_MAX_ATTEMPTS and never sends twice.
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
    let recipients: Map<string, UserEmailDto>;
    try {
      // Outside any transaction: the claim committed, the marks come after.
      const users = await this.rpc.send(RPC.identity.getUserEmails, {
        userIds: [...new Set(mails.map((m) => m.userId))],
      });
      recipients = new Map(users.map((u) => [u.userId, u]));
    } catch (error) {
      for (const mail of mails) await this.failed(mail, `recipients unknown: ${(error as Error).message}`);
      return mails.length;
    }
    await Promise.all(mails.map((mail) => this.send(mail, recipients.get(mail.userId))));
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

  private async send(mail: OutboxMail, to: UserEmailDto | undefined): Promise<void> {
    if (!to) {
      // The account is gone: nobody to write to.
      await this.outbox.markFailed(mail.id, 'recipient has no account', null);
      return;
    }
    const url = `${this.config.PUBLIC_URL}${mail.link}`;
    const body = mailBody({ firstName: to.firstName, text: mail.text, url });
    try {
      await this.transport!.sendMail({
        from: this.config.MAIL_FROM,
        to: to.email,
        subject: mail.subject,
        messageId: `<${mail.id}@${this.host}>`,
        text: body.text,
        html: body.html,
      });
    } catch (error) {
      await this.failed(mail, (error as Error).message);
      return;
    }
    await this.outbox.markSent(mail.id);
  }

  private async failed(mail: OutboxMail, error: string) {
    const last = mail.attempts >= this.config.MAIL_MAX_ATTEMPTS;
    const retryIn = Math.min(this.config.MAIL_RETRY_BASE_SECONDS * 2 ** (mail.attempts - 1), LONGEST_RETRY_SECONDS);
    this.logger.warn({ msg: last ? 'mail given up' : 'mail not sent; will retry', mailId: mail.id, error });
    await this.outbox.markFailed(mail.id, error, last ? null : retryIn);
  }
}
