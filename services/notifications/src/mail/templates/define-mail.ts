import type { MailBlock } from './blocks';

/** Who the mail is for, as the sender resolved them just before sending. */
export interface MailRecipient {
  email: string;
  /** Null when nobody's name is known (an address typed into "Find my order" that has no orders' name). */
  firstName: string | null;
}

/** What a template writes: the subject line and the body's blocks. */
export interface MailContent {
  subject: string;
  /** The line mail readers show after the subject. */
  preview?: string;
  blocks: MailBlock[];
}

/**
 * One kind of mail: its name, whether it is transactional (a receipt, a security notice: always sent, no unsubscribe
 * link) or not (reminders: carry an unsubscribe link), and the function that writes it from its parameters.
 * Parameters are stored as JSON in the outbox row (`mail_outbox.params`), so they are plain values.
 */
export interface MailTemplate<Params> {
  kind: string;
  transactional: boolean;
  /**
   * Parameters that open something (a link holding a single-use token): kept in the outbox only until the mail is
   * sent or given up, so the table never becomes a store of live tokens.
   */
  secretParams?: readonly (keyof Params & string)[];
  compose(params: Params, to: MailRecipient): MailContent;
}

export function defineMail<Params>(template: MailTemplate<Params>): MailTemplate<Params> {
  return template;
}

/** "Hello Zoë," or "Hello," when no name is known. */
export const greeting = (to: MailRecipient) => (to.firstName ? `Hello ${to.firstName},` : 'Hello,');
