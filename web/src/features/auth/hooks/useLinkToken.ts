import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The token of a mailed link (`?token=…`), read once and then taken out of the address bar, so it stays out of the
 * history, bookmarks and screenshots of the page.
 */
export function useLinkToken(): string {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const hasToken = params.has('token');
  useEffect(() => {
    if (hasToken) setParams({}, { replace: true });
  }, [hasToken, setParams]);
  return token;
}
