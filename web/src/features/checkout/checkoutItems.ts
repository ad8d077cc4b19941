import { BUNDLE_MAX_ITEMS } from '../bundle/bundleContract';

/** The distinct ids of `?products=a,b,c` (a bundle of one seller's items, on /checkout and /payment-success). */
export function bundleIdsOf(params: URLSearchParams): string[] {
  const ids = (params.get('products') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, BUNDLE_MAX_ITEMS);
}
