import { matchPath } from 'react-router';
import { catalogApi } from '../api/catalogApi';
import type { AppDispatch } from './store';

/**
 * Asks for the data of the page the app opens on as soon as the entry runs, before the page's lazy chunk has arrived.
 *
 * Asked by the page itself, the data came after its chunk and its loading state had rendered, and its arrival
 * rendered the whole page again in one long task (react-redux's store updates are never sliced into a transition's
 * small tasks): on a phone, the product page's longest task. Asked here, it is in the cache when the page's chunk
 * arrives (the shell has preloaded both, vite.config.ts), so the page renders once, with its data, in the slices of
 * a non-blocking render.
 */
export function requestFirstPageData(pathname: string, dispatch: AppDispatch): void {
  const product = matchPath('/product/:id', pathname);
  if (product?.params.id) void dispatch(catalogApi.util.prefetch('getProduct', product.params.id, {}));
}
