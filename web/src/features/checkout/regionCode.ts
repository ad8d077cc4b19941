import { countryOfLocation } from '@souvenir/contracts';

/** ISO 3166 region codes by English country name, from the browser's own region names (Stripe's forms take codes). */
let codes: Map<string, string> | null = null;

/** The two-letter region code of a country field as typed ("Canada" → "CA", "UK" → "GB"), or undefined. */
export function regionCodeOf(country: string | null | undefined): string | undefined {
  if (!codes) {
    codes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters)
      for (const second of letters) {
        const name = names.of(first + second);
        if (name && !codes.has(name.toLowerCase())) codes.set(name.toLowerCase(), first + second);
      }
  }
  const named = countryOfLocation(country);
  return named ? codes.get(named.toLowerCase()) : undefined;
}
