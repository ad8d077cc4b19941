import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates server-rendered HTML (a product page, Home), true once the app
 * runs it. A server-rendered control is on screen before the app's script has run, when a click on it would do
 * nothing: such controls are disabled until then, so a click is never silently lost. A page the app renders itself
 * is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
