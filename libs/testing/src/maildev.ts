import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';

/** A mail as MailDev's REST API lists it (MailDev 3: `GET /api/email`). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
  headers: Record<string, string>;
  messageId?: string;
  time: string;
}

/** A MailDev of its own for a test suite or a test stack: SMTP and its inbox on free loopback ports. */
export interface MailDevServer {
  smtpPort: number;
  webPort: number;
  /** For SMTP_URL. */
  smtpUrl: string;
  /** Its inbox and REST API. */
  webUrl: string;
  stop(): Promise<void>;
}

const REPO_ROOT = join(__dirname, '..', '..', '..');

/** Starts MailDev (scripts/maildev.mjs) in a child process on free ports; `stop` ends it. */
export async function startMailDev(): Promise<MailDevServer> {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'maildev.mjs')], {
    stdio: 'ignore',
    env: { ...process.env, MAILDEV_SMTP_PORT: String(smtpPort), MAILDEV_WEB_PORT: String(webPort) },
  });
  // A loaded machine (load 30+ on two cores) has taken more than 20 s to start it.
  await Promise.all([waitForPort(smtpPort, 60_000), waitForPort(webPort, 60_000)]);
  return {
    smtpPort,
    webPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Every mail MailDev holds, read through its REST API. */
export async function caughtMails(webUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${webUrl}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** The mails to one address (any case), oldest first. */
export async function mailsTo(webUrl: string, address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  return (await caughtMails(webUrl)).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted));
}

/** The first absolute link in a mail's text part that starts with `prefix` (e.g. `${PUBLIC_URL}/orders/`). */
export function linkIn(mail: CaughtMail, prefix: string): string | undefined {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return mail.text.match(new RegExp(`${escaped}[^\\s>"]*`))?.[0];
}

/**
 * A mail's headers as it was sent (lower-case names), read from its source: MailDev's listing keeps only a few
 * headers, and not `List-Unsubscribe` or `List-Unsubscribe-Post`.
 */
export async function mailHeaders(webUrl: string, mail: CaughtMail): Promise<Record<string, string>> {
  const response = await fetch(`${webUrl}/api/email/${mail.id}/source`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  const head = (await response.text()).split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return headers;
}
