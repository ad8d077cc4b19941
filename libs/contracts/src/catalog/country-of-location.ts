// One owner of "which country does a free-text location name": the checkout's default country (web) and the country a
// listing ships from (catalog: customs rules and the domestic-delivery check) read it here.

/** Everyday names for countries whose English name people rarely type in full. */
const ALIASES: Record<string, string> = {
  usa: 'United States',
  us: 'United States',
  'u.s.': 'United States',
  'u.s.a.': 'United States',
  america: 'United States',
  'united states of america': 'United States',
  uk: 'United Kingdom',
  'u.k.': 'United Kingdom',
  'great britain': 'United Kingdom',
  britain: 'United Kingdom',
  england: 'United Kingdom',
  scotland: 'United Kingdom',
  wales: 'United Kingdom',
  'northern ireland': 'United Kingdom',
};

let countryNames: Map<string, string> | null = null;

/** English country names by lower case, from the browser's own region names (no list to ship or keep up to date). */
function countries(): Map<string, string> {
  if (countryNames) return countryNames;
  countryNames = new Map();
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters) {
      for (const second of letters) {
        const name = names.of(first + second);
        if (name) countryNames.set(name.toLowerCase(), name);
      }
    }
  } catch {
    // No Intl.DisplayNames: the aliases and the default still apply.
  }
  return countryNames;
}

/**
 * The country a member's free-text location names ("Kyoto, Japan" → "Japan", "London, UK" → "United Kingdom"), or
 * null when it names none ("Tokyo"). The last comma-separated part is read first: people write the country last.
 */
export function countryOfLocation(location: string | null | undefined): string | null {
  const parts = (location ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .reverse();
  for (const part of parts) {
    const country = ALIASES[part] ?? countries().get(part);
    if (country) return country;
  }
  return null;
}
