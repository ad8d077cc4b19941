import { mediaPath, mediaSizes } from '@souvenir/contracts';

/** The URL of one stored size (the rule, shared with the web app and the gateway, is in libs/contracts' media-urls). */
export const mediaUrl = mediaPath;

/** The hashes of the uploaded images among a listing's image URLs (absolute or relative); pasted URLs are skipped. */
export function hashesInImageUrls(urls: readonly string[]): string[] {
  return [...new Set(urls.flatMap((url) => mediaSizes(url)?.hash ?? []))];
}
