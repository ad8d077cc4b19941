/**
 * Server rendering of the app's pages, built as a bundle of its own (`vite build --ssr`, every dependency inside).
 *
 * Home is prerendered at build time (scripts/prerender.mjs writes it into index.html). Home is the page most visits
 * start on, and its largest paint, the hero's headline, otherwise waits for the entry script to load, run and render
 * (over a second on a two-core machine without a GPU). The HTML is what the browser's first render produces: a
 * guest's header while the session is being read, the hero, and the rest of Home with skeletons where its data will
 * go. So main.tsx hydrates it instead of rendering again. Styles come with it as emotion's own style tags, which the
 * browser's emotion cache adopts.
 *
 * A product page is rendered by the gateway when it is asked for (renderProductPage, with the product it has read for
 * the page's link preview): its largest paint, the photo, otherwise waited for the entry, the page's chunk, the data
 * and the render. The browser hydrates it with the same product (data.ts reads it from the page).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ProductDto } from '@souvenir/contracts';
import { renderToString } from 'react-dom/server';
import { prerender as prerenderToStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { catalogApi } from './api/catalogApi';
import { App } from './app/App';
import { AppRoutes } from './app/router';
import { makeStore, type AppStore } from './app/store';

export interface PrerenderedPage {
  /** The markup for `<div id="root">`. */
  html: string;
  /** `<style data-emotion>` tags for the document's head. */
  styles: string;
}

/** A part that was still loading, written as its fallback plus a script that swaps the content in later. */
const UNRESOLVED = /<!--\$[!?]-->|<template/;

export async function prerender(path: string, store?: AppStore): Promise<PrerenderedPage> {
  // The browser's default emotion cache has the key "css"; the same key gives the same class names.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const page = (
    <CacheProvider value={cache}>
      <App store={store}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </App>
    </CacheProvider>
  );
  // React.lazy loads a part only when it is first rendered, and a part that suspends is written as its fallback plus
  // a script that swaps the content in later (after the browser's first paint). The string render finds every part
  // that has been loaded once (lazy parts stay loaded); when one was not yet, the static prerender, which waits for
  // every lazy part, nested ones too, runs first and the string render again.
  let html = renderToString(page);
  if (UNRESOLVED.test(html)) {
    await (await prerenderToStream(page)).prelude.cancel();
    html = renderToString(page);
  }
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}

/** A product page as a guest's browser first renders it once the product is in its cache (see boot/data.ts). */
export async function renderProductPage(product: ProductDto): Promise<PrerenderedPage> {
  const store = makeStore();
  store.dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: 'getProduct', arg: product.id, value: product }]));
  try {
    const page = await prerender(`/product/${product.id}`, store);
    // React writes a preload of the eager photo before the page: the gateway preloads it in <head> already, and an
    // element before the page's own in #root is not what the browser's first render makes.
    return { ...page, html: page.html.replace(/^(?:<link [^>]*>)+/, '') };
  } finally {
    // The cache's timers for unused data (a day): cleared, or each rendered page's store would live that long.
    store.dispatch(catalogApi.util.resetApiState());
  }
}
