import { useEffect } from 'react';

/**
 * Runs `restore` when the browser shows this page again from its back-forward cache (Back from the provider's page):
 * the page's state is as it was when it left, e.g. a button still saying "Opening...".
 */
export function useOnPageRestore(restore: () => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) restore();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [restore]);
}
