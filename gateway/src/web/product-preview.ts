import { ErrorCode, mediaSrcSet, PRODUCT_PHOTO_SIZES, RPC, type ProductDto } from '@souvenir/contracts';
import { DomainError, type RpcClient } from '@souvenir/platform';
import { ExpiringCache } from './expiring-cache';
import { escapeHtml } from './html';

/** The brand in every page title, as the web app writes it (web/src/app/pageTitle.ts). */
export const SITE_NAME = 'Souvenir Swap';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * How long a product read is kept at most. A change that the page shows (a sale, a relisting, a removal, an origin
 * decision) drops it at once (product-page-freshness.ts); this only bounds the effect of an event this replica missed.
 */
const PREVIEW_TTL_MS = 60_000;
const PREVIEW_ENTRIES = 1_000;
/** A page never waits long for its preview: past this the shell is sent as it is (the app still shows the product). */
const PREVIEW_WAIT_MS = 1_000;
const DESCRIPTION_CHARS = 200;

/**
 * The product of a product page, for its link preview and its rendered HTML: read from catalog (one RPC), kept until
 * it changes (`forget`) or for a minute.
 */
export class ProductPreviews {
  private readonly cache = new ExpiringCache<ProductDto | null>(PREVIEW_TTL_MS, PREVIEW_ENTRIES);

  constructor(private readonly rpc: RpcClient) {}

  /** The product changed: its next page reads it again (and so renders it again). */
  forget(productId: string): void {
    this.cache.forget(productId.toLowerCase());
  }

  forgetAll(): void {
    this.cache.forgetAll();
  }

  /** The product, or null when the id names none (or catalog is slow or away: the page must not wait for it). */
  async find(productId: string): Promise<ProductDto | null> {
    if (!UUID.test(productId)) return null;
    const load = this.cache.get(productId.toLowerCase(), async () => {
      try {
        return await this.rpc.send(RPC.catalog.getProduct, { productId });
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.NotFound) return null;
        throw error; // not cached: the next visit asks again
      }
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PREVIEW_WAIT_MS);
    });
    try {
      return await Promise.race([load, timeout]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** "Tea bowl from Japan · Souvenir Swap": the same title the web app sets once the page has loaded. */
export function productPageTitle(product: Pick<ProductDto, 'title' | 'country'>): string {
  return `${product.title} from ${product.country} · ${SITE_NAME}`;
}

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_CHARS ? flat : `${flat.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…`;
}

/**
 * The app's shell with the product's title, description and OpenGraph/Twitter tags in its head, every value escaped
 * (a seller writes the title and description). The shell's own generic description and OpenGraph tags are replaced.
 * For browsers, a preload of the first photo: it is the page's largest paint, and the browser would otherwise learn
 * of it only once the app's script, the page's chunk and the product's data have all arrived.
 */
export function withProductPreview(shell: string, product: ProductDto, origin: string): string {
  const pageUrl = `${origin}/product/${product.id}`;
  const title = productPageTitle(product);
  const description = summary(product.description);
  const image = product.images[0] ? absoluteUrl(product.images[0], origin) : null;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    meta('name', 'description', description),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', product.title)] : []),
    meta('property', 'product:price:amount', product.price),
    meta('property', 'product:price:currency', 'USD'),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    // The address exactly as the page's <img> has it (relative stays relative), so the browser uses the preloaded copy.
    ...(image ? [photoPreload(product.images[0]!)] : []),
  ];
  return shell
    .replace(/\s*<meta (?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

/** An uploaded photo is preloaded with its sizes, as the gallery's <img> asks for it (srcset and sizes). */
function photoPreload(url: string): string {
  const srcset = mediaSrcSet(url);
  const sizes = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(PRODUCT_PHOTO_SIZES)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(url)}"${sizes} fetchpriority="high" />`;
}

/** Photo URLs are absolute (https) or the app's own paths (/uploads/…); a crawler needs them absolute. */
function absoluteUrl(url: string, origin: string): string | null {
  try {
    const absolute = new URL(url, origin);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.href : null;
  } catch {
    return null;
  }
}
