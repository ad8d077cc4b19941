import { useCallback, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../auth/hooks/useCurrentUser';
import { shopperCountryOf, storedShopperCountry, storeShopperCountry, subscribeShopperCountry } from './shopperCountry';

// Prerendered HTML knows nobody's country: while hydrating, `country` is null, as it was on the server.
const unknownOnServer = () => undefined;

/**
 * Where the shopper is, for "what can reach me": null while hydrating (so a prerendered page matches its HTML),
 * then the remembered choice or the defaults (`shopperCountryOf`). `choose` remembers a new one in this browser.
 */
export function useShopperCountry(): { country: string | null; choose: (country: string) => void } {
  const { user } = useCurrentUser();
  const stored = useSyncExternalStore<string | null | undefined>(
    subscribeShopperCountry,
    storedShopperCountry,
    unknownOnServer,
  );
  const choose = useCallback((country: string) => storeShopperCountry(country), []);
  return { country: stored === undefined ? null : shopperCountryOf(stored, user?.location), choose };
}
