/**
 * An uploaded image's URL is `/media/<hash>-<width>.webp`, and a listing keeps the largest size's URL. The other
 * sizes follow from it: every width of WIDTHS (image-pipeline.ts) below the largest, and `<hash>-16.webp` is the placeholder. The web app
 * applies the same rule (web/src/features/sell/mediaImage.ts) to write srcset.
 */
export const mediaUrl = (hash: string, width: number) => `/media/${hash}-${width}.webp`;

const MEDIA_PATH = /\/media\/([0-9a-f]{32})-\d{1,4}\.webp$/;

/** The hashes of the uploaded images among a listing's image URLs (absolute or relative); pasted URLs are skipped. */
export function hashesInImageUrls(urls: readonly string[]): string[] {
  const hashes = urls.flatMap((url) => {
    const path = url.startsWith('/') ? url : safePath(url);
    const match = path ? MEDIA_PATH.exec(path) : null;
    return match ? [match[1]!] : [];
  });
  return [...new Set(hashes)];
}

function safePath(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}
