// How fast this machine is right now: a fixed piece of single-threaded work (JSON and hashing of a 60-product
// list, like a favourites page), timed at the start and at the end of a run in a fresh Node process (in the bench
// process it read 50 % slower at the end of a run: the work then paid for the garbage collection of a heap grown
// by the run's latencies). The same code's
// route figures moved by up to 40 % between runs an hour apart on the project's two-core VM; the gauge tells a
// slow machine from a slow change. Lower is faster; compare gauges of the same machine kind only.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const PRODUCTS = Array.from({ length: 60 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Hand-painted souvenir ${i}`,
  description: 'Carried home with care from a small workshop by the sea. '.repeat(5),
  price: '42.50',
  originalPrice: null,
  condition: 'like-new',
  category: 'Home Decor',
  country: 'Morocco',
  images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
  isCustomsVerified: true,
  isFavorited: true,
  createdAt: '2026-11-24T05:28:24.928Z',
  status: 'active',
  seller: {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Léa',
    lastName: 'Martin',
    avatar: null,
    isVerified: true,
  },
}));

function once(rounds) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) {
    const text = JSON.stringify(PRODUCTS);
    JSON.parse(text);
    createHash('sha256').update(text).digest();
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Milliseconds for 300 rounds, the median of five tries (after one to warm the JIT). */
function measure() {
  once(100);
  const tries = Array.from({ length: 5 }, () => once(300)).sort((a, b) => a - b);
  return Math.round(tries[2] * 10) / 10;
}

/** The gauge, measured in a new Node process. */
export function machineGauge() {
  return Number(execFileSync(process.execPath, [fileURLToPath(import.meta.url)], { encoding: 'utf8' }).trim());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(measure());
