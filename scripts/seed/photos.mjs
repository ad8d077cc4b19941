// The demo souvenirs' photos through the same pipeline as a seller's: each illustration of
// web/public/seed/ is drawn as a JPEG and uploaded with POST /api/uploads, signed in as the souvenir's seller, so
// media checks, strips, sizes and stores it and the listing keeps the URL it answers (srcset and placeholder
// included). Nothing is fetched from the network: the drawings are the repository's own SVG files.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_DIR, imageFiles } from './images.mjs';

/**
 * The width the drawings are rasterised at. Media stores every width of 320, 800, 1600 up to the photo's own, so
 * 800 gives each souvenir its 320 and 800 sizes: what a card and a phone's product page use, and a desktop's page
 * at ordinary density. 1600 would cost the seed about five times more processing for a drawing's detail.
 */
export const DEMO_PHOTO_WIDTH = 800;
/** Uploads at once: media's libvips threads already use the cores; two keeps one upload in flight while one works. */
const CONCURRENCY = 2;

/** One illustration (a 400 × 300 viewBox) as a JPEG of DEMO_PHOTO_WIDTH pixels. */
export async function drawnPhoto(file) {
  const svg = await readFile(path.join(IMAGE_DIR, file));
  return sharp(svg, { density: (72 * DEMO_PHOTO_WIDTH) / 400 })
    .resize({ width: DEMO_PHOTO_WIDTH })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Uploads the photos of the given souvenirs (`{ title, username }`), `CONCURRENCY` at a time, each signed in as its
 * seller. Answers a function from a title to its listing's image URLs. Where uploads are not available (no media
 * behind the gateway, or it refuses), it says so once and answers the illustrations' own URLs, as before photo uploads existed.
 */
export async function uploadDemoPhotos(souvenirs, { publicUrl, password }) {
  const svgUrls = (title) => imageFiles(title).map((file) => `${publicUrl}/seed/${file}`);
  const cookies = new Map();
  const signIn = async (username) => {
    if (!cookies.has(username)) {
      const res = await fetch(`${publicUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (res.status !== 200) throw new Error(`sign-in as ${username} answered ${res.status}`);
      cookies.set(username, String(res.headers.get('set-cookie')).split(';')[0]);
    }
    return cookies.get(username);
  };
  const upload = async (file, username) => {
    const form = new FormData();
    form.append('file', new Blob([await drawnPhoto(file)], { type: 'image/jpeg' }), file.replace(/\.svg$/, '.jpg'));
    const res = await fetch(`${publicUrl}/api/uploads`, {
      method: 'POST',
      headers: { cookie: await signIn(username) },
      body: form,
    });
    const body = await res.json().catch(() => null);
    if (res.status !== 201) throw new Error(`upload of ${file} answered ${res.status} ${body?.message ?? ''}`);
    return `${publicUrl}${body.url}`;
  };

  const uploaded = new Map();
  const jobs = souvenirs.flatMap(({ title, username }) => imageFiles(title).map((file) => ({ file, username })));
  let failure = null;
  const started = Date.now();
  const worker = async () => {
    for (let job = jobs.shift(); job && !failure; job = jobs.shift()) {
      try {
        uploaded.set(job.file, await upload(job.file, job.username));
      } catch (error) {
        failure = error;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failure) {
    console.warn(`seed: photos not uploaded (${failure.message}); the souvenirs show their drawings' own URLs`);
    return svgUrls;
  }
  if (uploaded.size)
    console.log(
      `seed: uploaded ${uploaded.size} photos through media in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  return (title) => imageFiles(title).map((file) => uploaded.get(file) ?? `${publicUrl}/seed/${file}`);
}
