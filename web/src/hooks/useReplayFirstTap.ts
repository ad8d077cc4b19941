import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { authApi } from '../api/authApi';
import type { RootState } from '../app/store';

declare global {
  interface Window {
    /** Set by the inline script of a server-rendered page (web/scripts/first-tap.js). */
    firstTap?: { replay: () => void; sessionKnown?: () => void };
  }
}

/**
 * Replays a tap (or typing, or a submit) that came before this part of a server-rendered page was hydrated: the page's
 * inline script held it (web/scripts/first-tap.js). Used by each part React hydrates on its own (the frame, Home's
 * lazy sections, a product page); its effect runs once the part is committed. Does nothing elsewhere.
 *
 * A tap on a control that acts as the signed-in person (the favourite heart, marked `data-needs-session`) is held
 * until the session has been read, and this tells the script when it has: the server rendered the guest's page, and
 * the tap must not act as a guest's in the meantime. The session is watched in the store, not rendered from: a
 * re-render of the frame while a part below it still waits to hydrate would make React render that part anew, and
 * the tapped control with it.
 */
export function useReplayFirstTap(): void {
  const store = useStore<RootState>();
  useEffect(() => {
    window.firstTap?.replay();
  }, []);
  useEffect(() => {
    if (!window.firstTap?.sessionKnown) return;
    const tellIfKnown = () => {
      const { status } = authApi.endpoints.getMe.select()(store.getState());
      if (status !== 'fulfilled' && status !== 'rejected') return false;
      window.firstTap?.sessionKnown?.();
      return true;
    };
    if (tellIfKnown()) return;
    const unsubscribe = store.subscribe(() => {
      if (tellIfKnown()) unsubscribe();
    });
    return unsubscribe;
  }, [store]);
}
