import { PRODUCT_IDS_PAGE_MAX, RPC } from '@souvenir/contracts';
import type { RpcClient } from '@souvenir/platform';
import { ExpiringCache } from './expiring-cache';
import { escapeXml } from './html';

/** The sitemaps protocol's limit per file (sitemaps.org); more products make /sitemap.xml an index of files. */
export const URLS_PER_SITEMAP = 50_000;
/** Bound on what the gateway walks: 40 files, two million products. Past it the newest ids are simply not listed. */
export const MAX_PRODUCT_SITEMAPS = 40;
/** Crawlers come back daily at most; an hour-old sitemap is fresh enough and catalog is walked at most hourly. */
const SITEMAP_TTL_MS = 3_600_000;

/** The public pages every sitemap lists (the rest need a session, or are a person's own). */
export const STATIC_PAGES = ['/', '/categories', '/how-it-works', '/terms', '/privacy'];

/** Paths no crawler should follow: the API, and pages that belong to one person or one checkout. */
const PRIVATE_PATHS = [
  '/api/',
  '/checkout',
  '/bundle',
  '/payment-success',
  '/messages',
  '/orders',
  '/support',
  '/sell',
  '/profile/payouts',
  '/payouts/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One file of a sitemap: its product ids, or, for an index, the id each product file starts after. */
type SitemapPlan = { kind: 'single'; productIds: string[] } | { kind: 'index'; fileStarts: (string | null)[] };

/**
 * /sitemap.xml from catalog's active products, keyset-paged by id (`catalog.product.list-ids`, 10,000 a call): up to
 * 50,000 URLs in one file; beyond, a sitemap index whose product files each start after an id
 * (`/sitemaps/products.xml?after=…`), so every file is one keyset range. Plans and files are cached for an hour.
 */
export class Sitemaps {
  private readonly plans = new ExpiringCache<SitemapPlan>(SITEMAP_TTL_MS, 1);
  private readonly files = new ExpiringCache<string[]>(SITEMAP_TTL_MS, 4);

  /** `urlsPerFile` is the protocol's 50,000; a test passes a small number to see the index without 50,000 products. */
  constructor(
    private readonly rpc: RpcClient,
    private readonly urlsPerFile = URLS_PER_SITEMAP,
  ) {}

  async sitemap(origin: string): Promise<string> {
    const plan = await this.plans.get('plan', () => this.plan());
    if (plan.kind === 'single')
      return urlSet([
        ...STATIC_PAGES.map((path) => origin + path),
        ...plan.productIds.map((id) => productUrl(origin, id)),
      ]);
    const files = [
      `${origin}/sitemaps/pages.xml`,
      ...plan.fileStarts.map((after) => `${origin}/sitemaps/products.xml${after ? `?after=${after}` : ''}`),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  }

  pages(origin: string): string {
    return urlSet(STATIC_PAGES.map((path) => origin + path));
  }

  /** The product file that starts after `after` (null: the first), at most 50,000 products. */
  async products(origin: string, after: string | null): Promise<string> {
    const ids = await this.files.get(after ?? '', () => this.walk(after, this.urlsPerFile));
    return urlSet(ids.map((id) => productUrl(origin, id)));
  }

  /** Walks ids until one file's worth is exceeded; only for a larger catalog does it go on, noting where files start. */
  private async plan(): Promise<SitemapPlan> {
    const room = this.urlsPerFile - STATIC_PAGES.length;
    const first = await this.walk(null, room + 1);
    if (first.length <= room) return { kind: 'single', productIds: first };
    const fileStarts: (string | null)[] = [null];
    let after: string | null = null;
    for (;;) {
      const file: string[] = await this.walk(after, this.urlsPerFile);
      if (file.length < this.urlsPerFile || fileStarts.length === MAX_PRODUCT_SITEMAPS) break;
      after = file[file.length - 1];
      // A next file only when there is a product after this one.
      if (!(await this.walk(after, 1)).length) break;
      fileStarts.push(after);
    }
    return { kind: 'index', fileStarts };
  }

  /** Up to `max` active product ids after `after`, ascending, in keyset pages. */
  private async walk(after: string | null, max: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor = after;
    while (ids.length < max) {
      const limit = Math.min(PRODUCT_IDS_PAGE_MAX, max - ids.length);
      const page = await this.rpc.send(RPC.catalog.listProductIds, cursor ? { after: cursor, limit } : { limit });
      ids.push(...page);
      if (page.length < limit) break;
      cursor = page[page.length - 1];
    }
    return ids;
  }
}

function productUrl(origin: string, id: string): string {
  return `${origin}/product/${id}`;
}

function urlSet(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<url><loc>${escapeXml(url)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
}
