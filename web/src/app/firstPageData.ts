import type { ProductDto } from '@souvenir/contracts';
import { matchPath } from 'react-router';
import { catalogApi } from '../api/catalogApi';
import { hasSignedInHint } from '../api/signedInHint';
import type { AppDispatch } from './store';

/**
 * Asks for the data of the page the app opens on as soon as the entry runs, before the page's lazy chunk has arrived.
 *
 * Asked by the page itself, the data came after its chunk and its loading state had rendered, and its arrival
 * rendered the whole page again in one long task (react-redux's store updates are never sliced into a transition's
 * small tasks): on a phone, the product page's longest task. Asked here, it is in the cache when the page's chunk
 * arrives (the shell has preloaded both, vite.config.ts), so the page renders once, with its data, in the slices of
 * a non-blocking render.
 *
 * A product page that the gateway rendered (gateway/src/web/product-pages.ts) carries the product it was rendered
 * with: put in the cache, the app's first render is the page as sent, and hydrates it. That is a guest's page; a
 * signed-in person's (their heart on it) is read again.
 */
export function requestFirstPageData(pathname: string, dispatch: AppDispatch): void {
  const id = matchPath('/product/:id', pathname)?.params.id;
  if (!id) return;
  const product = renderedProduct();
  if (product?.id === id) {
    dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: 'getProduct', arg: id, value: product }]));
    if (hasSignedInHint()) void dispatch(catalogApi.util.prefetch('getProduct', id, { force: true }));
  } else void dispatch(catalogApi.util.prefetch('getProduct', id, {}));
}

function renderedProduct(): ProductDto | null {
  const data = document.getElementById('page-data')?.textContent;
  if (!data) return null;
  try {
    return (JSON.parse(data) as { product?: ProductDto }).product ?? null;
  } catch {
    return null;
  }
}
