/**
 * Where an uploaded photo's sizes are. The media service stores each size at `/media/<hash>-<width>.webp`
 * and a listing keeps the URL of the largest one; the others follow from it: every width of MEDIA_WIDTHS below the
 * largest, at the same hash, and the placeholder at MEDIA_PLACEHOLDER_WIDTH. One rule for media (which names the
 * files), the web app (srcset) and the gateway (the preload of a product's first photo). Any other URL, pasted by a
 * seller, has no sizes.
 */
export const MEDIA_WIDTHS = [320, 800, 1600] as const;
export const MEDIA_PLACEHOLDER_WIDTH = 16;

/** `/media/<32 hex>-<width>.webp`, alone or at the end of an absolute URL. */
const MEDIA_URL = /^(.*\/media\/([0-9a-f]{32}))-(\d{1,4})\.webp$/;

export const mediaPath = (hash: string, width: number) => `/media/${hash}-${width}.webp`;

export interface MediaSizes {
  hash: string;
  /** Narrowest first; the last is the URL given. */
  sizes: { width: number; url: string }[];
  placeholder: string;
}

/** The sizes of an uploaded photo's URL (relative or absolute, kept as given), or null for any other URL. */
export function mediaSizes(url: string | null | undefined): MediaSizes | null {
  const match = url ? MEDIA_URL.exec(url) : null;
  if (!match) return null;
  const [, base, hash, largest] = match as unknown as [string, string, string, string];
  const width = Number(largest);
  const widths = [...MEDIA_WIDTHS.filter((w) => w < width), width];
  return {
    hash,
    sizes: widths.map((w) => ({ width: w, url: `${base}-${w}.webp` })),
    placeholder: `${base}-${MEDIA_PLACEHOLDER_WIDTH}.webp`,
  };
}

/** `srcset` for an uploaded photo's URL, or undefined for any other URL. */
export function mediaSrcSet(url: string | null | undefined): string | undefined {
  return mediaSizes(url)
    ?.sizes.map((size) => `${size.url} ${size.width}w`)
    .join(', ');
}

/**
 * How wide the product page draws its main photo (`sizes`): the web app's gallery and the gateway's preload of that
 * photo must say the same, or the browser downloads a second size.
 */
export const PRODUCT_PHOTO_SIZES = '(min-width: 1200px) 600px, (min-width: 900px) 50vw, 100vw';
