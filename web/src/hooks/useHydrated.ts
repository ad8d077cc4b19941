import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates server-rendered HTML (a product page, Home), true in the render
 * right after. What the server could not know (who is signed in) waits for it, so hydration renders what the server
 * did. Controls need no such wait: a tap before hydration is held and replayed (web/scripts/first-tap.js). A page the
 * app renders itself is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
