import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's #hash names (a footer link to "/how-it-works#faq"), which the router does not
 * do. It waits a frame: the layout scrolls to the top on every new path in its own effect, which runs after the
 * page's, and would undo an earlier scroll. Targets keep clear of the sticky header with `scroll-margin-top`.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(),
    );
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
