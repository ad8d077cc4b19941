import { countryOfLocation, DEFAULT_COUNTRY } from '@souvenir/contracts';

// The reading of a free-text location lives in libs/contracts (catalog reads it too).
export { countryOfLocation };

/**
 * The country the checkout's addresses start with: the member's own when their profile's location names one,
 * otherwise the spec's default (United States). Not the product's country: that is where the souvenir was bought,
 * while delivery is domestic, from the seller's home to the buyer's.
 */
export function defaultCountryFor(user: { location: string | null } | null | undefined): string {
  return countryOfLocation(user?.location) ?? DEFAULT_COUNTRY;
}
