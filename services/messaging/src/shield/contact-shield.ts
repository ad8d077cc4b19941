import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { find as findLinks } from 'linkifyjs';
import type { ShieldFinding } from '@souvenir/contracts';

/** What the recipient reads in place of each kind of detail. */
export const MASKS: Record<ShieldFinding, string> = {
  email: '[email hidden]',
  phone: '[phone number hidden]',
  'bank-details': '[bank details hidden]',
  'payment-link': '[payment link hidden]',
  'contact-link': '[contact link hidden]',
  'payment-request': '[off-site payment hidden]',
};

/** A message as its recipient reads it, and what was hidden from them; null when nothing was. */
export interface ShieldResult {
  masked: string;
  findings: ShieldFinding[];
}

interface Span {
  start: number;
  end: number;
  kind: ShieldFinding;
}

const overlapsAny = (span: Span, others: Span[]) => others.some((o) => span.start < o.end && o.start < span.end);

/**
 * The contact-details shield's detection. Each detector finds spans; overlapping spans merge and each is replaced by
 * its mask. Libraries decide what they are good at: linkifyjs finds URLs and e-mail addresses in free text (then the
 * URL's host, parsed by WHATWG URL, says whether it is a payment or a messenger link), libphonenumber-js (full
 * metadata) decides whether a number is a valid phone number of some country, ibantools checks an IBAN's checksum.
 * Regular expressions only propose candidates and catch phrases. Tuned against false positives (prices, dates,
 * postcodes, order numbers, years): see contact-shield.spec.ts.
 */
export function shieldMessage(text: string): ShieldResult | null {
  const linkSpans = links(text);
  const bankSpans = [...ibans(text), ...ukAccounts(text), ...usAccounts(text), ...accountNumbers(text)];
  const found = [...linkSpans, ...bankSpans, ...cryptoAddresses(text), ...paymentRequests(text)];
  // A disguised address is never part of a link ("pay at paypal.me/anna" reads like "x at y.me"); a number that is
  // part of bank details or a link is that, not a phone number.
  const spans = [
    ...found,
    ...obfuscatedEmails(text).filter((s) => !overlapsAny(s, linkSpans)),
    ...phones(text).filter((s) => !overlapsAny(s, found)),
  ];
  if (!spans.length) return null;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  let masked = '';
  let at = 0;
  for (const span of merged) {
    masked += text.slice(at, span.start) + MASKS[span.kind];
    at = span.end;
  }
  masked += text.slice(at);
  const findings = [...new Set(spans.map((s) => s.kind))].sort();
  return { masked, findings };
}

// ---- Links and e-mail addresses (linkifyjs, WHATWG URL) ----

/** Hosts whose links take money outside the site. */
const PAYMENT_HOSTS = [
  'paypal.me',
  'paypal.com',
  'revolut.me',
  'revolut.com',
  'wise.com',
  'transferwise.com',
  'venmo.com',
  'cash.app',
  'cash.me',
  'monzo.me',
  'monzo.com',
  'skrill.me',
  'skrill.com',
  'payoneer.com',
  'zellepay.com',
  'buy.stripe.com',
  'donate.stripe.com',
  'checkout.stripe.com',
  'pay.google.com',
  'lydia-app.com',
  'bunq.me',
  'paylib.fr',
  'ko-fi.com',
  'buymeacoffee.com',
  'westernunion.com',
  'moneygram.com',
  'remitly.com',
  'coinbase.com',
  'binance.com',
];
/** Hosts whose links open a conversation elsewhere (where the site cannot protect anyone). */
const CONTACT_HOSTS = [
  'wa.me',
  'whatsapp.com',
  't.me',
  'telegram.me',
  'telegram.org',
  'm.me',
  'messenger.com',
  'signal.me',
  'signal.group',
  'line.me',
  'viber.com',
  'wechat.com',
  'kik.me',
];

function hostIn(host: string, list: string[]): boolean {
  const bare = host.replace(/^www\./, '');
  return list.some((h) => bare === h || bare.endsWith(`.${h}`));
}

function links(text: string): Span[] {
  const spans: Span[] = [];
  for (const link of findLinks(text)) {
    if (link.type === 'email') {
      spans.push({ start: link.start, end: link.end, kind: 'email' });
      continue;
    }
    if (link.type !== 'url') continue;
    let host: string;
    try {
      host = new URL(link.href).hostname.toLowerCase();
    } catch {
      continue;
    }
    if (hostIn(host, PAYMENT_HOSTS)) spans.push({ start: link.start, end: link.end, kind: 'payment-link' });
    else if (hostIn(host, CONTACT_HOSTS)) spans.push({ start: link.start, end: link.end, kind: 'contact-link' });
  }
  // Schemes no URL finder calls a link: whatsapp://send?phone=…, viber://…, tg://…
  for (const m of text.matchAll(/\b(?:whatsapp|viber|tg|skype|signal):\/?\/?\S+/gi))
    spans.push({ start: m.index, end: m.index + m[0].length, kind: 'contact-link' });
  return spans;
}

/** "anna at gmail dot com", "anna(at)gmail(dot)com", "anna [at] gmail . com": written to get past a finder. */
const OBFUSCATED_EMAIL =
  /\b[a-z0-9._%+-]{2,64}\s*(?:\(at\)|\[at\]|\{at\}|\sat\s|@)\s*[a-z0-9-]{2,63}(?:\s*(?:\(dot\)|\[dot\]|\{dot\}|\sdot\s|\.)\s*[a-z0-9-]{2,63})*\s*(?:\(dot\)|\[dot\]|\{dot\}|\sdot\s|\.)\s*(?:com|net|org|info|io|co|uk|de|fr|es|it|nl|be|ch|at|jp|in|br|au|ca|me|email|mail|ru)\b/gi;

function obfuscatedEmails(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(OBFUSCATED_EMAIL)) {
    // A plain address is linkify's; this one must be disguised (a spelt-out "at" or "dot" or a bracketed one).
    if (!/\(at\)|\[at\]|\{at\}|\sat\s|\sdot\s|\(dot\)|\[dot\]|\{dot\}/i.test(m[0])) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, kind: 'email' });
  }
  return spans;
}

// ---- Bank details ----

/** A candidate IBAN: country, check digits and 11–30 letters or digits, in groups of four or not. */
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}\b/gi;

function ibans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(IBAN_CANDIDATE)) {
    // The candidate may have swallowed the next word ("DE89 3704 0044 0532 0130 00 thanks"): try shorter prefixes.
    const raw = m[0];
    for (let end = raw.length; end >= 15; end--) {
      if (/[ -]/.test(raw[end - 1]!)) continue;
      const candidate = electronicFormatIBAN(raw.slice(0, end));
      if (candidate && isValidIBAN(candidate)) {
        spans.push({ start: m.index, end: m.index + end, kind: 'bank-details' });
        break;
      }
    }
  }
  return spans;
}

const SORT_CODE = /\b\d{2}[- ]\d{2}[- ]\d{2}\b|\b\d{6}\b/g;
const UK_ACCOUNT = /\b\d{8}\b/;

/**
 * A UK sort code with an account number (8 digits) near it, or one named as a sort code. "12-05-24" alone is a date
 * and is left alone.
 */
function ukAccounts(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(SORT_CODE)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const named = /sort\s*code|\bs\/c\b/i.test(before);
    const account = UK_ACCOUNT.exec(after) ?? UK_ACCOUNT.exec(before);
    if (!named && !(account && /-| /.test(m[0]))) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, kind: 'bank-details' });
    if (account) {
      const inAfter = UK_ACCOUNT.exec(after);
      const start = inAfter
        ? m.index + m[0].length + inAfter.index
        : Math.max(0, m.index - 30) + UK_ACCOUNT.exec(before)!.index;
      spans.push({ start, end: start + 8, kind: 'bank-details' });
    }
  }
  return spans;
}

/** An ABA routing number's checksum (3-7-1 weights). */
export function isAbaRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A US routing number (valid checksum) named as one, or next to an account number. */
function usAccounts(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(/\b\d{9}\b/g)) {
    if (!isAbaRoutingNumber(m[0])) continue;
    const around = text.slice(Math.max(0, m.index - 40), m.index + 60);
    if (!/routing|\baba\b|\brtn\b|account|acct|checking|bank/i.test(around)) continue;
    spans.push({ start: m.index, end: m.index + 9, kind: 'bank-details' });
  }
  return spans;
}

/** "account number 12345678", "acct no: 000123456789", "a/c 31926819": any bank's, 6–17 digits. */
const ACCOUNT_NUMBER =
  /\b(?:account|acct|acc|a\/c|konto|compte|cuenta|conto)\.?\s*(?:number|no\.?|nr\.?|n°|#|num(?:ber)?)?\s*[:#]?\s*(\d[\d -]{4,20}\d)\b/gi;

function accountNumbers(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(ACCOUNT_NUMBER)) {
    const digits = m[1]!.replace(/\D/g, '');
    if (digits.length < 6 || digits.length > 17) continue;
    const start = m.index + m[0].lastIndexOf(m[1]!);
    spans.push({ start, end: start + m[1]!.length, kind: 'bank-details' });
  }
  return spans;
}

/** Bitcoin (legacy and bech32) and Ethereum addresses. */
const CRYPTO_ADDRESS = /\b(?:bc1[ac-hj-np-z02-9]{25,87}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[a-fA-F0-9]{40})\b/g;

function cryptoAddresses(text: string): Span[] {
  return (
    [...text.matchAll(CRYPTO_ADDRESS)]
      // A legacy address mixes letters and digits; a long run of digits alone is something else.
      .filter((m) => !/^\d+$/.test(m[0]) && /\d/.test(m[0]) && /[a-z]/i.test(m[0]))
      .map((m) => ({ start: m.index, end: m.index + m[0].length, kind: 'bank-details' as const }))
  );
}

// ---- Phone numbers (libphonenumber-js decides) ----

/**
 * The countries a national number (one written without +) is tried as. A number with + or 00 names its own country;
 * one without is a phone number if it is valid in any of these, as our members write them.
 */
const COUNTRIES: CountryCode[] = ['GB', 'US', 'FR', 'DE', 'JP', 'IN', 'BR', 'ES', 'IT', 'NL', 'AU', 'CA', 'MX', 'IE'];

/** A run of digits with the separators people put in phone numbers, perhaps opened by + or 00. */
const PHONE_CANDIDATE = /(?<![\w+.,/€$£¥])(?:\+|00)?\(?\d[\d\s().\-/]{5,22}\d(?![\w%])/g;
/** What a number follows when it is not a phone number: an order, a parcel, a book, an amount. */
const NOT_A_PHONE_BEFORE =
  /(?:order|tracking|track|parcel|ref(?:erence)?|invoice|isbn|sku|item|lot|serial|model|receipt|postcode|zip|code|#|n°|no\.?|nr\.?|[€$£¥]|usd|eur|gbp|jpy|inr)\s*[:#.]?\s*$/i;
const DATE_SHAPED = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;

function phones(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(PHONE_CANDIDATE)) {
    const raw = m[0].replace(/[\s(.\-/]+$/, '');
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 15) continue;
    if (DATE_SHAPED.test(raw.trim())) continue;
    if (NOT_A_PHONE_BEFORE.test(text.slice(Math.max(0, m.index - 24), m.index))) continue;
    if (!isPhoneNumber(raw, digits)) continue;
    spans.push({ start: m.index, end: m.index + raw.length, kind: 'phone' });
  }
  return spans;
}

function isPhoneNumber(raw: string, digits: string): boolean {
  // Written with +, it is a phone number by the writer's intent: a number of a possible length is enough, valid or not
  // (a range the metadata calls unassigned, as the UK's 07700 900xxx, still reaches the reader as contact details).
  if (raw.startsWith('+')) return parsePhoneNumberFromString(raw)?.isPossible() ?? false;
  // 00… may as well be an order or account number: only a valid number counts.
  if (raw.startsWith('00')) return parsePhoneNumberFromString('+' + digits.slice(2))?.isValid() ?? false;
  // Written nationally: a trunk prefix (0…) or a full national number of ten digits; shorter runs are order numbers,
  // postcodes and dates far more often than phone numbers. Spain's nine-digit numbers have no trunk prefix.
  const longEnough =
    digits.length >= 10 || (digits.startsWith('0') && digits.length >= 9) || /^[67]\d{8}$/.test(digits);
  if (!longEnough) return false;
  return COUNTRIES.some((country) => {
    if (digits.length === 9 && !digits.startsWith('0') && country !== 'ES') return false;
    return parsePhoneNumberFromString(raw, country)?.isValid() ?? false;
  });
}

// ---- Requests to pay outside the site ----

const PAYMENT_REQUESTS: RegExp[] = [
  /\b(?:bank|wire|direct|swift|sepa|interac)\s*(?:e-?)?transfer\b/gi,
  /\btransfer\s+(?:the\s+)?(?:money|payment|funds)\s+(?:to|into)\s+my\b/gi,
  /\bwestern\s*union\b/gi,
  /\bmoney\s*gram\b/gi,
  /\b(?:remitly|world\s*remit|zelle|venmo|cash\s*app|cashapp|revolut|monzo|skrill|payoneer|paysafe\s*card|apple\s*cash)\b/gi,
  /\bpay\s*pal\b(?:\s*(?:friends\s*(?:and|&)\s*family|f\s*&\s*f))?/gi,
  /\bfriends\s*(?:and|&)\s*family\b/gi,
  /\b(?:gift|itunes|apple|google\s*play|steam|amazon|ebay|prepaid|vanilla)\s*(?:gift\s*)?cards?\b/gi,
  /\b(?:crypto(?:currency)?|bitcoins?|btc|ethereum|usdt|tether|litecoin|dogecoin)\b/gi,
  /\bpay\s+(?:me\s+|you\s+)?(?:directly|outside(?:\s+(?:the\s+)?(?:site|app|platform))?|off[-\s]?(?:site|platform|app))\b/gi,
  // A few of our members' languages: French, German, Spanish, Italian, Portuguese.
  /\bvirement(?:\s+bancaire)?\b/gi,
  /(?<!\p{L})(?:bank)?überweisung(?!\p{L})/giu,
  /\btransferencia(?:\s+bancaria)?\b/gi,
  /\bbonifico(?:\s+bancario)?\b/gi,
  /(?<!\p{L})transferência\s+bancária(?!\p{L})/giu,
];

function paymentRequests(text: string): Span[] {
  return PAYMENT_REQUESTS.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      kind: 'payment-request' as const,
    })),
  );
}
