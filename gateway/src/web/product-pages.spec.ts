import type { ProductDto } from '@souvenir/contracts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProductPages } from './product-pages';

/** A web build with a stand-in server bundle that renders the product's title and counts its renders. */
function build(): string {
  const dist = mkdtempSync(join(tmpdir(), 'product-pages-'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(
    join(dist, 'server', 'prerender.js'),
    `globalThis.renders = 0;
     export async function renderProductPage(product) {
       globalThis.renders++;
       if (product.title === 'broken') throw new Error('render failed');
       return { html: '<h1>' + product.title.replace(/</g, '&lt;') + '</h1>', styles: '<style data-emotion="css a">.a{}</style>' };
     }`,
  );
  writeFileSync(
    join(dist, 'product.html'),
    '<html><head><title>Shop</title></head><body><div id="root"></div><script>boot()</script></body></html>',
  );
  return dist;
}

const product = (title: string) => ({ id: 'f46f5f1b-17e3-4a92-8298-50e2683a08ab', title }) as ProductDto;
const renders = () => (globalThis as unknown as { renders: number }).renders;

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
    expect(page).toContain('<div id="root"><h1>Tea bowl</h1></div>');
    expect(page).toContain('<style data-s="" data-emotion="css a">.a{}</style>\n  </head>');
    const data = page!.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(data)).toEqual({ product: product('Tea bowl') });
  });

  it("a seller's text cannot end the data's script element", async () => {
    const page = await ProductPages.fromBuild(dist)!.page(product('</script><script>alert(1)</script>'));
    expect(page).not.toContain('</script><script>alert(1)');
    expect(page).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  it('renders a product read once per read, and gives null when the render fails', async () => {
    const pages = ProductPages.fromBuild(dist)!;
    const read = product('Vase');
    const before = renders();
    await pages.page(read);
    await pages.page(read);
    expect(renders() - before).toBe(1);
    await expect(pages.page(product('broken'))).resolves.toBeNull();
  });
});
