/**
 * What a mail says, as plain data: paragraphs, a button, a list of facts, a quote of what someone wrote. A template
 * only builds these; `render.ts` turns them into the HTML part (MJML, every string escaped) and the text part, so no
 * template ever writes markup or has to remember to escape what a user typed.
 */
export type MailBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'button'; label: string; href: string }
  | { type: 'facts'; rows: [label: string, value: string][] }
  | { type: 'quote'; author: string; text: string }
  /** A parcel's carrier and number; the number links to the carrier's page when the carrier is a known one. */
  | { type: 'tracking'; carrier: string; trackingNumber?: string };

export const paragraph = (text: string): MailBlock => ({ type: 'paragraph', text });
/** `href` is a path on the site (`/orders/…`) or an absolute URL already on PUBLIC_URL. */
export const button = (label: string, href: string): MailBlock => ({ type: 'button', label, href });
export const facts = (rows: [string, string][]): MailBlock => ({ type: 'facts', rows });
export const quote = (author: string, text: string): MailBlock => ({ type: 'quote', author, text });
export const tracking = (carrier: string, trackingNumber?: string): MailBlock => ({
  type: 'tracking',
  carrier,
  ...(trackingNumber ? { trackingNumber } : {}),
});

/** Cents as the site shows money: `$12.50`. */
export function money(amountCents: number, currency = 'usd'): string {
  const amount = (amountCents / 100).toFixed(2);
  return currency === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}
