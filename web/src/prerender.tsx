/**
 * Build-time prerendering of Home (scripts/prerender.mjs runs this after the client build). Home is the page most
 * visits start on, and its largest paint, the hero's headline, otherwise waits for the entry script to load, run
 * and render (over a second on a two-core machine without a GPU). The HTML is what the browser's first render
 * produces: a guest's header while the session is being read, the hero, and the rest of Home with skeletons where
 * its data will go. So main.tsx hydrates it instead of rendering again. Styles come with it as emotion's own style
 * tags, which the browser's emotion cache adopts.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { prerender as prerenderToStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { AppRoutes } from './app/router';

export interface PrerenderedPage {
  /** The markup for `<div id="root">`. */
  html: string;
  /** `<style data-emotion>` tags for the document's head. */
  styles: string;
}

export async function prerender(path: string): Promise<PrerenderedPage> {
  // The browser's default emotion cache has the key "css"; the same key gives the same class names.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const page = (
    <CacheProvider value={cache}>
      <App>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </App>
    </CacheProvider>
  );
  // Two passes. React.lazy loads a part only when it is first rendered, and a part that suspends is written as its
  // fallback plus a script that swaps the content in later (after the browser's first paint). The static prerender
  // waits for every lazy part, nested ones too; the string render after it finds them all loaded and writes them
  // in place.
  await (await prerenderToStream(page)).prelude.cancel();
  const html = renderToString(page);
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
