import type { ProductDto } from '@souvenir/contracts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProductPages } from './product-pages';

/**
 * A web build with a stand-in server bundle that renders the product's title, numbers its renders and says whether
 * it ran on a worker thread (the page's data attributes).
 */
function build(): string {
  const dist = mkdtempSync(join(tmpdir(), 'product-pages-'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(
    join(dist, 'server', 'prerender.js'),
    `import { isMainThread } from 'node:worker_threads';
     let renders = 0;
     export async function renderProductPage(product) {
       renders++;
       if (product.title === 'broken') throw new Error('render failed');
       const title = product.title.replace(/</g, '&lt;');
       const where = isMainThread ? 'main' : 'worker';
       return { html: '<h1 data-render="' + renders + '" data-thread="' + where + '">' + title + '</h1>', styles: '<style data-emotion="css a">.a{}</style>' };
     }`,
  );
  writeFileSync(
    join(dist, 'product.html'),
    '<html><head><title>Shop</title></head><body><div id="root"></div><script>boot()</script></body></html>',
  );
  return dist;
}

const product = (title: string) => ({ id: 'f46f5f1b-17e3-4a92-8298-50e2683a08ab', title }) as ProductDto;
const rendered = (page: string | null) => /<h1 data-render="(\d+)" data-thread="(\w+)">(.*?)<\/h1>/.exec(page ?? '');

describe('product pages rendered by the gateway', () => {
  let dist: string;
  beforeAll(() => {
    dist = build();
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('a build without the server bundle renders nothing (the app renders the page in the browser)', () => {
    const empty = mkdtempSync(join(tmpdir(), 'product-pages-'));
    expect(ProductPages.fromBuild(empty)).toBeNull();
    rmSync(empty, { recursive: true, force: true });
  });

  it('puts the page into #root, its styles into <head> as emotion marks its own, and the product beside it', async () => {
    const page = await ProductPages.fromBuild(dist)!.page(product('Tea bowl'));
    expect(page).toMatch(/<div id="root"><h1 [^>]*>Tea bowl<\/h1><\/div>/);
    expect(page).toContain('<style data-s="" data-emotion="css a">.a{}</style>\n  </head>');
    const data = page!.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(data)).toEqual({ product: product('Tea bowl') });
  });

  it("a seller's text cannot end the data's script element", async () => {
    const page = await ProductPages.fromBuild(dist)!.page(product('</script><script>alert(1)</script>'));
    expect(page).not.toContain('</script><script>alert(1)');
    expect(page).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  it("renders on a worker thread, never on the gateway's event loop", async () => {
    const page = await ProductPages.fromBuild(dist)!.page(product('Lantern'));
    expect(rendered(page)?.[2]).toBe('worker');
  });

  it('renders a product read once per read, and gives null when the render fails', async () => {
    const pages = ProductPages.fromBuild(dist)!;
    const read = product('Vase');
    const first = rendered(await pages.page(read))?.[1];
    expect(rendered(await pages.page(read))?.[1]).toBe(first);
    expect(rendered(await pages.page(product('Vase')))?.[1]).not.toBe(first);
    await expect(pages.page(product('broken'))).resolves.toBeNull();
  });

  it('sends the shell rather than queue renders past what its thread takes', async () => {
    const pages = ProductPages.fromBuild(dist)!;
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => pages.page(product(`Bowl ${i}`))));
    expect(burst.filter((page) => page === null).length).toBeGreaterThan(0);
    expect(burst.filter((page) => page !== null).length).toBeGreaterThanOrEqual(16);
  });
});
