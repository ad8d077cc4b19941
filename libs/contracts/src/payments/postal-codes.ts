import { countryOfLocation } from '../catalog/country-of-location';
import { PAYMENT_MESSAGES } from '../validation/messages';

/**
 * Postal codes of the countries sellers ship within (`SELLER_LOCATIONS`), as each national post writes them, so that
 * buyers in Canada, the UK or Australia can pay as easily as in the US. A country missing here is checked only
 * loosely, as Stripe's card form does for countries it has no rule for.
 */
const POSTAL_CODES: Record<string, { pattern: RegExp; example: string; label: string; named: string }> = {
  'United States': { pattern: /^\d{5}(-\d{4})?$/, example: '10001', label: 'ZIP Code', named: 'US ZIP code' },
  // Canada Post: letter digit letter, space, digit letter digit; D, F, I, O, Q and U are never used.
  Canada: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    example: 'M5H 2N2',
    label: 'Postal Code',
    named: 'Canadian postal code',
  },
  // Royal Mail: outward code (area, district) and inward code (sector digit, unit letters); GIR 0AA is Girobank's.
  'United Kingdom': {
    pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i,
    example: 'SW1A 1AA',
    label: 'Postcode',
    named: 'UK postcode',
  },
  Australia: { pattern: /^\d{4}$/, example: '2000', label: 'Postcode', named: 'Australian postcode' },
};

/** Letters, digits, spaces and hyphens, 2 to 10 long: what any country's postal code looks like. */
const ANY_POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** The country a free-text country field names ("USA", "uk", "Canada"), or the text itself when it names none. */
const countryNamed = (country: string | null | undefined) => countryOfLocation(country) ?? (country ?? '').trim();

/** Whether `code` is a postal code of `country` (a country field as typed: "UK" is the United Kingdom). */
export function isPostalCodeOf(country: string | null | undefined, code: string | null | undefined): boolean {
  const rule = POSTAL_CODES[countryNamed(country)];
  return (rule?.pattern ?? ANY_POSTAL_CODE).test((code ?? '').trim());
}

/** What the country calls its postal code, for a field's label: "ZIP Code" in the US, "Postcode" in the UK. */
export function postalCodeLabel(country: string | null | undefined): string {
  return POSTAL_CODES[countryNamed(country)]?.label ?? 'Postal Code';
}

/**
 * The card form's message for a postal code that is not the billing country's: the spec's sentence, whose example
 * (10001) is the United States', with the country's own example elsewhere.
 */
export function invalidPostalCodeMessage(country: string | null | undefined): string {
  const example = POSTAL_CODES[countryNamed(country)]?.example;
  return !example || example === '10001'
    ? PAYMENT_MESSAGES.invalidPostalCode
    : PAYMENT_MESSAGES.invalidPostalCode.replace('10001', example);
}

/** Any of the postal-code messages (`invalidPostalCodeMessage`), so a form can tell which field it is about. */
export const isInvalidPostalCodeMessage = (message: string) =>
  /^Please enter a valid postal code \(e\.g\., .+\)\.$/.test(message);

/**
 * The checkout address form's message for a postal code that is not its country's: "Enter a valid UK postcode
 * (e.g., SW1A 1AA)". A country without a rule here is not checked this closely (`isPostalCodeOf`).
 */
export function addressPostalCodeMessage(country: string | null | undefined): string {
  const rule = POSTAL_CODES[countryNamed(country)];
  return rule ? `Enter a valid ${rule.named} (e.g., ${rule.example})` : 'Enter a valid postal code';
}
