import { useSyncExternalStore } from 'react';

/*
 * Whether this tab's live stream is open. While it is, pushed events keep what the page shows up to date and the
 * spec's polling stops; when it drops, polling resumes without a word to the user.
 */
let live = false;
const listeners = new Set<() => void>();

export function setLive(value: boolean): void {
  if (value === live) return;
  live = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the live stream is open. */
export function useLive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => live,
    () => false,
  );
}

/** A polling interval that is paused (0) while the live stream is open and pushes the same changes. */
export function useLivePolling(intervalMs: number): number {
  return useLive() ? 0 : intervalMs;
}
