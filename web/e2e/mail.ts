/** A mail MailDev caught, as its REST API lists it. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
}

function maildevUrl(): string {
  const maildev = process.env.E2E_MAILDEV_URL;
  if (!maildev) throw new Error('E2E_MAILDEV_URL is not set');
  return maildev;
}

/**
 * What `read` finds in the newest mail to `address` whose subject matches (equal to a string, or a pattern), asked
 * again every 100 ms until it finds something: mails are sent after the request that causes them has answered.
 */
export async function fromNewestMail<T>(
  address: string,
  subject: string | RegExp,
  read: (mail: CaughtMail, maildev: string) => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const maildev = maildevUrl();
  const matches = (s: string) => (typeof subject === 'string' ? s === subject : subject.test(s));
  for (let tries = 0; tries < 300; tries++) {
    const mails = (await (await fetch(`${maildev}/api/email`)).json()) as CaughtMail[];
    const mail = mails.filter((m) => m.to.some((to) => to.address === address) && matches(m.subject)).at(-1);
    const found = mail && (await read(mail, maildev));
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail matching ${subject} to ${address}`);
}

/** The path and query of the first link to `path` (e.g. `/orders/`, `/verify-email`) in that mail. */
export function mailedPath(address: string, subject: string | RegExp, path: string): Promise<string> {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return fromNewestMail(address, subject, (mail) => {
    // A sentence may end right after the link: its full stop is not part of it.
    const link = mail.text.match(new RegExp(`https?://[^\\s/]+${escaped}[^\\s<>"]*`))?.[0]?.replace(/[.,;:)]+$/, '');
    return link ? new URL(link).pathname + new URL(link).search : undefined;
  });
}
