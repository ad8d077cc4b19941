import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * `whileHydrating` on the server and while the browser hydrates server-rendered HTML (a product page, Home), `value`
 * from the render right after on. What the server could not know (who is signed in) waits for it, so hydration renders
 * what the server did. Controls need no such wait: a tap before hydration is held and replayed
 * (web/scripts/first-tap.js). A page the app renders itself has `value` from its first render.
 *
 * When the two are the same (a guest: nobody signed in either way), nothing renders again after hydrating. A flag
 * "hydrated yet?" differs after every hydration, and React renders its reader again at once, in one blocking task:
 * for the product page, the whole page a second time on a phone's first load.
 */
export function useHydratedValue<T>(value: T, whileHydrating: T): T {
  return useSyncExternalStore(
    noSubscription,
    () => value,
    () => whileHydrating,
  );
}
