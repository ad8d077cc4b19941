import { useEffect } from 'react';

declare global {
  interface Window {
    /** Set by the inline script of a server-rendered page (web/scripts/first-tap.js). */
    firstTap?: { replay: () => void };
  }
}

/**
 * Replays a tap (or typing, or a submit) that came before this part of a server-rendered page was hydrated: the page's
 * inline script held it (web/scripts/first-tap.js). Used by each part React hydrates on its own (the frame, Home's
 * lazy sections, a product page); its effect runs once the part is committed. Does nothing elsewhere.
 */
export function useReplayFirstTap(): void {
  useEffect(() => {
    window.firstTap?.replay();
  }, []);
}
