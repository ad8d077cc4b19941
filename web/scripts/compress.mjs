// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of the build, so the
// gateway sends files as they are (express-static-gzip) instead of compressing them again for every visitor (the
// JavaScript of one cold visit to Home is ~900 kB), and at the strongest levels, which are too slow to use per
// request. Runs last in `npm run build`, after prerender.mjs has written the HTML.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain nothing worth a second request-time lookup; the gateway's compression middleware takes them. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  // The server bundle (dist/server: product pages rendered by the gateway) is read from disk, never sent.
  if (entry.parentPath.startsWith(join(dist, 'server'))) continue;
  const path = join(entry.parentPath, entry.name);
  const content = await readFile(path);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  await writeFile(`${path}.br`, brotli);
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  after += brotli.length;
}
console.log(
  `compress: ${files} files, ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli (and gzip copies)`,
);
