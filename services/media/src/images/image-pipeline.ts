import { createHash } from 'node:crypto';
import { HttpException, HttpStatus } from '@nestjs/common';
import {
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_PLACEHOLDER_WIDTH,
  MEDIA_TOO_LARGE_MESSAGE,
  MEDIA_WIDTHS,
} from '@souvenir/contracts';
import sharp from 'sharp';

/** Refused before anything is decoded: a photo's file may be at most this big. */
export const MAX_UPLOAD_BYTES = MEDIA_MAX_UPLOAD_BYTES;
/** Refused from the header alone: a tiny file can claim a huge canvas (a decompression bomb). */
export const MAX_PIXELS = 40_000_000;
/**
 * Refused from the header alone too: what decoding would hold, pixels × channels × bytes per sample. A 40-megapixel
 * photo in 8-bit RGB fits; the same canvas with alpha in 16 bits (a 300 KB PNG can claim it) would take 2.7 times that.
 */
export const MAX_DECODED_BYTES = MAX_PIXELS * 3;
/** The widths served (srcset); an image narrower than one is stored at its own width instead, never enlarged. */
export const WIDTHS = MEDIA_WIDTHS;
/** The placeholder's width: a few hundred bytes, inlined as a data URL and stored beside the sizes. */
export const PLACEHOLDER_WIDTH = MEDIA_PLACEHOLDER_WIDTH;

/** Formats accepted, as sharp reads them from the bytes (`heif` covers HEIC and AVIF), whatever the file's name. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** Bytes per sample of each of libvips' band formats (sharp's `depth`). */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

// libvips' operation cache keeps recent results (50 MB by default) for reuse: uploads never repeat, so it only holds
// memory.
sharp.cache(false);

export const MESSAGES = {
  notAnImage: 'Only photos can be uploaded: JPEG, PNG, WebP, HEIC or AVIF.',
  tooLarge: MEDIA_TOO_LARGE_MESSAGE,
  tooManyPixels: 'A photo can be at most 40 megapixels.',
  tooDeep: 'This photo is too large to read: at most 40 megapixels in 8-bit colour.',
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

/** The refusal of a canvas too big to decode (pixels, then pixels × channels × bytes per sample), or null. */
function canvasRefusal(width: number, height: number, channels: number, sampleBytes: number): HttpException | null {
  const pixels = width * height;
  if (pixels > MAX_PIXELS) return refuse(HttpStatus.PAYLOAD_TOO_LARGE, MESSAGES.tooManyPixels);
  if (pixels * channels * sampleBytes > MAX_DECODED_BYTES)
    return refuse(HttpStatus.PAYLOAD_TOO_LARGE, MESSAGES.tooDeep);
  return null;
}

/** A PNG's signature, then its first chunk, IHDR: length, type, width, height, bit depth, colour type. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The bytes of a file's head that headRefusal reads. */
export const HEAD_BYTES = 26;
/**
 * The fewest channels libvips decodes each PNG colour type to (grey, RGB, palette, grey + alpha, RGBA): a palette or
 * a transparent colour can add alpha, which only a later chunk tells, so the head's check may be lower than
 * processImage's, never higher.
 */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 };

/**
 * What a file's first HEAD_BYTES already refuse, with processImage's own rules and sentences: a PNG states its canvas
 * and sample depth in its first chunk, so a decoding bomb (a few hundred KB that decode to hundreds of MB) is refused
 * before the rest of its body is read or held. Null when the head decides nothing (another format, a canvas that
 * fits): processImage checks the whole file anyway.
 */
export function headRefusal(head: Buffer): HttpException | null {
  if (head.length < HEAD_BYTES || !head.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (head.toString('latin1', 12, 16) !== 'IHDR') return null;
  const channels = PNG_CHANNELS[head[25]!];
  if (channels === undefined) return null;
  return canvasRefusal(head.readUInt32BE(16), head.readUInt32BE(20), channels, head[24] === 16 ? 2 : 1);
}

/**
 * Checks a photo by its bytes, then makes what is served: rotated upright by its EXIF orientation, converted to sRGB,
 * WebP at each width, and a 16 px placeholder. Nothing of the original's metadata survives: sharp writes none unless
 * asked (no `keepExif`/`keepIccProfile`/`withMetadata` here), and the tests parse the outputs to prove it. The work
 * runs on libvips' own threads (libuv's pool), off the event loop; ImageJobs bounds how many run at once.
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
  const tooBig = canvasRefusal(
    metadata.width,
    metadata.height,
    metadata.channels ?? 4,
    SAMPLE_BYTES[metadata.depth ?? ''] ?? 8,
  );
  if (tooBig) throw tooBig;

  try {
    const { width, height } = metadata.autoOrient;
    const largest = Math.min(WIDTHS[WIDTHS.length - 1]!, width);
    // Decoded once, at the largest width served; the smaller sizes are made from that. libjpeg only warns about a
    // scan cut short (it fills the rest with grey), so a JPEG fails on warnings: a file that does not decode whole is
    // refused, never stored. limitInputPixels again: the header was checked above, this guards the decoder itself.
    const failOn = metadata.format === 'jpeg' ? 'warning' : 'error';
    const decoded = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn })
      .autoOrient()
      .toColourspace('srgb')
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { channels } = decoded.info;
    const base = () =>
      sharp(decoded.data, { raw: { width: decoded.info.width, height: decoded.info.height, channels } });
    const widths = [...new Set(WIDTHS.map((target) => Math.min(target, width)))];
    // One after the other: a job holds one of libuv's threads at a time, so ImageJobs' bound is the threads it takes.
    const variants: ImageVariant[] = [];
    for (const w of widths) variants.push({ width: w, bytes: await webp(base(), w, 80) });
    const placeholder = { width: PLACEHOLDER_WIDTH, bytes: await webp(base(), PLACEHOLDER_WIDTH, 40) };
    const hash = createHash('sha256')
      .update(variants[variants.length - 1]!.bytes)
      .digest('hex')
      .slice(0, 32);
    return { hash, format: metadata.format, width, height, variants, placeholder };
  } catch (error) {
    if (error instanceof HttpException) throw error;
    throw refuse(HttpStatus.BAD_REQUEST, MESSAGES.unreadable);
  }
}

function webp(image: sharp.Sharp, width: number, quality: number): Promise<Buffer> {
  return image.resize({ width, withoutEnlargement: true }).webp({ quality }).toBuffer();
}
