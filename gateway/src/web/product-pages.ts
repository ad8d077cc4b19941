import type { ProductDto } from '@souvenir/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

/** What the web build's server bundle (web/src/prerender.tsx) answers for a product. */
interface RenderedPage {
  html: string;
  styles: string;
}

/**
 * Renders in flight or waiting, per render thread, past which a page is sent as the shell (the app renders it in the
 * browser) rather than queued: a burst of product pages is not made to wait on renders.
 */
const QUEUED_PER_THREAD = 16;

const ROOT = '<div id="root"></div>';

/**
 * Product pages rendered here, in the HTML the browser first gets, with the web build's own server bundle
 * (`dist/server/prerender.js`): the page's largest paint, the product's photo, and its title and price no longer wait
 * for the app's script, the page's chunk, the product's data and the render, which on a phone took seconds. The app
 * hydrates the page with the same product, which the page carries for it (`#page-data`, read by web/src/app/firstPageData.ts).
 *
 * The page is what a guest's browser first renders (a signed-in person's app then reads their session and their
 * heart). A page is rendered once per product read: renders are kept with the product object that ProductPreviews
 * keeps for a minute.
 *
 * A render is tens of milliseconds of CPU (React and MUI), so it runs in a worker thread (piscina), never on the
 * gateway's event loop, where it would hold up every other request and live stream of the replica. The thread
 * starts with the first product page and ends after a minute without one (an idle thread keeps no process alive);
 * renders past its queue are not waited for.
 */
export class ProductPages {
  private readonly pool: Piscina<ProductDto, RenderedPage>;
  private readonly rendered = new WeakMap<ProductDto, Promise<string | null>>();

  private constructor(
    bundle: string,
    /** dist/product.html: the app's shell that starts the app after the first paint, as Home's does. */
    private readonly shell: string,
    threads: number,
  ) {
    this.pool = new Piscina({
      filename: pathToFileURL(bundle).href,
      name: 'renderProductPage',
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      maxQueue: threads * QUEUED_PER_THREAD,
    });
  }

  /** Null for a build without the server bundle (the gateway then sends the shell, and the app renders the page). */
  static fromBuild(webDist: string, threads = 1): ProductPages | null {
    const bundle = join(webDist, 'server', 'prerender.js');
    const shell = join(webDist, 'product.html');
    if (!existsSync(bundle) || !existsSync(shell)) return null;
    const html = readFileSync(shell, 'utf8');
    return html.includes(ROOT) && html.includes('</head>') ? new ProductPages(bundle, html, threads) : null;
  }

  /** The page's HTML, or null when it could not be rendered (the caller sends the shell: the app renders it). */
  page(product: ProductDto): Promise<string | null> {
    let page = this.rendered.get(product);
    if (!page) {
      page = this.render(product).catch(() => null);
      this.rendered.set(product, page);
    }
    return page;
  }

  private async render(product: ProductDto): Promise<string> {
    const { html, styles } = await this.pool.run(product);
    // Marked as emotion's own, as Home's are (web/scripts/prerender.mjs), so the browser's emotion cache adopts them.
    const styleTags = styles.replace(/<style data-emotion=/g, '<style data-s="" data-emotion=');
    // JSON in a script element that never runs: "<" escaped, so a seller's text cannot end the element.
    const data = JSON.stringify({ product }).replace(/</g, '\\u003c');
    return this.shell
      .replace('</head>', () => `${styleTags}\n  </head>`)
      .replace(
        ROOT,
        () => `<div id="root">${html}</div>\n    <script type="application/json" id="page-data">${data}</script>`,
      );
  }
}
