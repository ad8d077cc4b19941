import type { UploadDto } from '@souvenir/contracts';
import { busyWaitMs, UploadSlots } from './uploadSlots';

/** A refused or failed upload, with the sentence to show (the server's when it gave one). */
export class UploadError extends Error {}

/**
 * Sends one photo to the media service, reporting progress (0–1) as its bytes go out. XMLHttpRequest because fetch
 * has no upload progress. The URL answered is made absolute: a listing's image URLs must be http(s).
 */
export async function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadDto> {
  // Media answers 503 with Retry-After while it holds as many uploads as its memory budget allows, and 429 with a
  // short one while this account has its uploads going: a moment later there is room, so the photo is sent again
  // instead of failing in the seller's hands.
  for (let attempt = 1; ; attempt += 1) {
    const sent = await slots.run(() => sendOnce(file, onProgress, signal));
    if (!('busyFor' in sent)) return sent;
    if (attempt > BUSY_RETRIES) throw new UploadError('The photo could not be uploaded. Please try again.');
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, sent.busyFor);
      signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new UploadError('Upload cancelled'))), {
        once: true,
      });
    });
  }
}

/** How often a photo is sent again while media is busy. */
const BUSY_RETRIES = 4;
/** Every photo of the page shares these places, whichever uploader sends it. */
const slots = new UploadSlots();

function sendOnce(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadDto | { busyFor: number }> {
  return new Promise((resolve, reject) => {
    // Cancelled while it waited for a place: nothing is sent.
    if (signal?.aborted) return reject(new UploadError('Upload cancelled'));
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (UploadDto & { message?: string | string[] }) | null;
      if (request.status === 201 && body) {
        const absolute = (url: string) => new URL(url, window.location.origin).href;
        return resolve({
          ...body,
          url: absolute(body.url),
          sizes: body.sizes.map((size) => ({ ...size, url: absolute(size.url) })),
        });
      }
      const busyFor = busyWaitMs(request.status, request.getResponseHeader('Retry-After'));
      if (busyFor !== null) return resolve({ busyFor });
      const message = Array.isArray(body?.message) ? body.message[0] : body?.message;
      reject(new UploadError(message ?? 'The photo could not be uploaded. Please try again.'));
    };
    request.onerror = () =>
      reject(new UploadError('The photo could not be uploaded. Check your connection and try again.'));
    request.onabort = () => reject(new UploadError('Upload cancelled'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
