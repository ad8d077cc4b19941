import { createHash } from 'node:crypto';
import { HttpException, HttpStatus } from '@nestjs/common';
import { MEDIA_PLACEHOLDER_WIDTH, MEDIA_WIDTHS } from '@souvenir/contracts';
import sharp from 'sharp';

/** Refused before anything is decoded: a photo's file may be at most this big. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Refused from the header alone: a tiny file can claim a huge canvas (a decompression bomb). */
export const MAX_PIXELS = 40_000_000;
/** The widths served (srcset); an image narrower than one is stored at its own width instead, never enlarged. */
export const WIDTHS = MEDIA_WIDTHS;
/** The placeholder's width: a few hundred bytes, inlined as a data URL and stored beside the sizes. */
export const PLACEHOLDER_WIDTH = MEDIA_PLACEHOLDER_WIDTH;

/** Formats accepted, as sharp reads them from the bytes (`heif` covers HEIC and AVIF), whatever the file's name. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export const MESSAGES = {
  notAnImage: 'Only photos can be uploaded: JPEG, PNG, WebP, HEIC or AVIF.',
  tooLarge: 'A photo can be at most 10 MB.',
  tooManyPixels: 'A photo can be at most 40 megapixels.',
  unreadable: 'This photo could not be read. Try another file.',
} as const;

export interface ImageVariant {
  width: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** Names the files: a hash of the largest variant's bytes (content-addressed, so the same photo lands on the same keys). */
  hash: string;
  /** What the bytes are (sharp's reading of them; the file's name and type are never looked at). */
  format: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  placeholder: ImageVariant;
}

const refuse = (status: HttpStatus, message: string) => new HttpException({ statusCode: status, message }, status);

/**
 * Checks a photo by its bytes, then makes what is served: rotated upright by its EXIF orientation, converted to sRGB,
 * WebP at each width, and a 16 px placeholder. Nothing of the original's metadata survives: sharp writes none unless
 * asked (no `keepExif`/`keepIccProfile`/`withMetadata` here), and the tests parse the outputs to prove it. The work
 * runs on libvips' own threads (libuv's pool), off the event loop.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw refuse(HttpStatus.PAYLOAD_TOO_LARGE, MESSAGES.tooLarge);
  // Only the header is read here, so no pixel limit yet: a huge canvas is refused below with its own sentence.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refuse(HttpStatus.UNSUPPORTED_MEDIA_TYPE, MESSAGES.notAnImage);
    });
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw refuse(HttpStatus.UNSUPPORTED_MEDIA_TYPE, MESSAGES.notAnImage);
  if (metadata.width * metadata.height > MAX_PIXELS) throw refuse(HttpStatus.PAYLOAD_TOO_LARGE, MESSAGES.tooManyPixels);

  try {
    // limitInputPixels again: the header was checked above, this guards the decoder itself.
    const upright = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient().toColourspace('srgb');
    const { width, height } = metadata.autoOrient;
    const widths = [...new Set(WIDTHS.map((target) => Math.min(target, width)))];
    const variants = await Promise.all(
      widths.map(async (w) => ({ width: w, bytes: await webp(upright.clone(), w, 80) })),
    );
    const placeholder = { width: PLACEHOLDER_WIDTH, bytes: await webp(upright.clone(), PLACEHOLDER_WIDTH, 40) };
    const largest = variants[variants.length - 1]!;
    const hash = createHash('sha256').update(largest.bytes).digest('hex').slice(0, 32);
    return { hash, format: metadata.format, width, height, variants, placeholder };
  } catch (error) {
    if (error instanceof HttpException) throw error;
    throw refuse(HttpStatus.BAD_REQUEST, MESSAGES.unreadable);
  }
}

function webp(image: sharp.Sharp, width: number, quality: number): Promise<Buffer> {
  return image.resize({ width, withoutEnlargement: true }).webp({ quality }).toBuffer();
}
