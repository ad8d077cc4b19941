import { countryOfLocation } from '@souvenir/contracts';

// The spec's default country (contracts' DEFAULT_COUNTRY), not imported: its module's DTO classes would come into
// Home's chunk with it, and the prerender (no reflect-metadata there) cannot define them.
const DEFAULT_COUNTRY = 'United States';

/**
 * Where the shopper is: delivery is domestic, so what can reach them depends on it. Chosen by the shopper
 * and remembered in this browser; until then their profile's country, then their browser's region, then the spec's
 * United States. Never written to the profile: a member's location is also where their own listings ship from.
 */
const STORAGE_KEY = 'souvenir.shopperCountry';
const listeners = new Set<() => void>();

/** The country the shopper chose in this browser, or null. */
export function storedShopperCountry(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // Storage refused (private mode, policy): the defaults apply.
  }
}

export function storeShopperCountry(country: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, country);
  } catch {
    // Not remembered, but still applied to this page through the listeners.
  }
  for (const listener of listeners) listener();
}

/** Follows choices made in this tab and in others (the `storage` event fires only in the others). */
export function subscribeShopperCountry(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

// Reading a region's name loads the locale's data: the first Intl.DisplayNames of a page costs a phone tens of
// milliseconds, and every render of a control that shows the shopper's country asked again. One reader, and one
// answer per list of languages (the browser's changes only with its settings).
let regionNames: Intl.DisplayNames | undefined;
const countryOfLanguages = new Map<string, string | null>();

/** The country of the browser's language tag when it names a region ("en-CA" → Canada; "en" names none). */
export function browserCountry(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): string | null {
  const key = languages.join(',');
  const known = countryOfLanguages.get(key);
  if (known !== undefined) return known;
  let country: string | null = null;
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (!region || !/^[A-Z]{2}$/.test(region)) continue;
      regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
      const name = regionNames.of(region);
      if (name) {
        country = countryOfLocation(name) ?? name;
        break;
      }
    } catch {
      // A tag Intl cannot read: try the next one.
    }
  }
  countryOfLanguages.set(key, country);
  return country;
}

/** The shopper's country: their choice, else their profile's, else their browser's, else the United States. */
export function shopperCountryOf(stored: string | null, profileLocation: string | null | undefined): string {
  return stored || countryOfLocation(profileLocation) || browserCountry() || DEFAULT_COUNTRY;
}
