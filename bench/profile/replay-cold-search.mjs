// Paired replay of cold searches: two builds of catalog's ProductsService (their dist/ folders) answer the
// same random cold searches (bench/lib/cold-search.mjs's kinds) against a database the bench kept (`--keep`), one
// after the other, the order alternating per search, each on its own single connection. Compares the answers (items,
// totals, cursors, suggestions) and the CPU each build costs per search and kind: the Postgres backend's from
// /proc/<pid>/schedstat (nanoseconds), catalog's own (this process's CPU while its service answers). Robust to the
// machine's load, unlike the bench's closed loop. Usage:
//   node bench/profile/replay-cold-search.mjs <database url> <dist A> <dist B> [searches per kind, 100] [labelWords]
// `labelWords` replays only filtered searches whose word is a country's or a category's (no title holds one), ranked:
// the searches a title tier proof is for.
// To compare two states of the database instead (an index added; the same dist twice), give two urls joined by a
// comma, A's then B's: e.g. the kept database and a copy of it (CREATE DATABASE ... TEMPLATE) with the index dropped.
import { readFileSync } from 'node:fs';
import { VOCABULARY } from '../lib/seed.mjs';
import { filtersOf, KINDS, serviceQueryOf } from '../lib/cold-search.mjs';
import { catalogService, pageOf } from './catalog-service.mjs';

const [urls, distA, distB, perKindArg, mode] = process.argv.slice(2);
const [url, urlB = url] = (urls ?? '').split(',');
if (!url || !distA || !distB) {
  console.error('usage: replay-cold-search.mjs <database url> <dist A> <dist B> [searches per kind]');
  process.exit(2);
}
const perKind = Number(perKindArg ?? 100);
const cpuNs = (pid) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);

async function variant(dist, url) {
  const { pool, service, backendPid } = catalogService(dist, url);
  return { dist, pool, service: service(), pid: await backendPid() };
}

/** A cursor's sort key without its plan hint (a tier's `sparse`): the same answer with or without it. */
function withoutPlanHints(cursor) {
  if (!cursor) return cursor;
  const payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  delete payload.k.sparse;
  return JSON.stringify(payload);
}

/** One search as the bench sends it (a later page: pages 1 to 3), with the CPU it cost. */
async function run(v, kind, f) {
  const pg0 = cpuNs(v.pid);
  const node0 = process.cpuUsage();
  const started = performance.now();
  const pages = [];
  let cursor = null;
  for (let page = 1; page <= (kind === 'laterPage' ? 3 : 1); page++) {
    const answer = pageOf(await v.service.list({ query: serviceQueryOf(f, cursor) }));
    pages.push({
      ids: answer.items.map((p) => p.id),
      totalCount: answer.totalCount,
      lowerBound: answer.totalIsLowerBound ?? false,
      suggestion: answer.suggestion ?? null,
      next: withoutPlanHints(answer.nextCursor),
    });
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  const wallMs = performance.now() - started;
  const node = process.cpuUsage(node0);
  return { pages, pgMs: (cpuNs(v.pid) - pg0) / 1e6, nodeMs: (node.user + node.system) / 1000, wallMs };
}

const LABEL_WORDS = [...VOCABULARY.COUNTRIES, ...VOCABULARY.CATEGORIES].flatMap((v) =>
  v
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3),
);
const kinds = mode === 'labelWords' ? ['filtered'] : KINDS;
const searchOf = (kind) => {
  const f = filtersOf(kind);
  if (mode !== 'labelWords') return f;
  return { ...f, search: LABEL_WORDS[Math.floor(Math.random() * LABEL_WORDS.length)], sort: 'recent' };
};

const a = await variant(distA, url);
const b = await variant(distB, urlB);
const seen = new Set();
const totals = Object.fromEntries(
  kinds.map((k) => [k, { n: 0, a: { pg: 0, node: 0, wall: [] }, b: { pg: 0, node: 0, wall: [] } }]),
);
let differences = 0;
// Warm both connections (catalogs, the statements' first plans) on searches not counted.
for (const kind of kinds) for (const v of [a, b]) await run(v, kind, searchOf(kind));
for (let i = 0; i < perKind; i++) {
  for (const kind of kinds) {
    let f;
    for (let tries = 0; tries < 100 && !f; tries++) {
      const candidate = searchOf(kind);
      const key = JSON.stringify({ ...candidate, search: candidate.search.toLowerCase() });
      if (!seen.has(key)) {
        seen.add(key);
        f = candidate;
      }
    }
    if (!f) continue;
    const first = i % 2 ? b : a;
    const second = first === a ? b : a;
    const r1 = await run(first, kind, f);
    const r2 = await run(second, kind, f);
    const [ra, rb] = first === a ? [r1, r2] : [r2, r1];
    const t = totals[kind];
    t.n++;
    t.a.pg += ra.pgMs;
    t.a.node += ra.nodeMs;
    t.b.pg += rb.pgMs;
    t.b.node += rb.nodeMs;
    t.a.wall.push({ ms: ra.wallMs, f });
    t.b.wall.push({ ms: rb.wallMs, f });
    // Cursors are opaque but deterministic: the same key gives the same text.
    if (JSON.stringify(ra.pages) !== JSON.stringify(rb.pages)) {
      differences++;
      if (differences <= 5)
        console.log('DIFFERENT', kind, JSON.stringify(f), JSON.stringify(ra.pages), JSON.stringify(rb.pages));
    }
  }
}
const fmt = (x) => x.toFixed(2);
/** Wall-clock p50 / p95 / max of one side's searches (a laterPage search is its pages 1 to 3 together). */
const wall = (samples) => {
  const ms = samples.map((s) => s.ms).sort((x, y) => x - y);
  const at = (q) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? NaN;
  return `${at(0.5).toFixed(1)} / ${at(0.95).toFixed(1)} / ${at(1).toFixed(1)}`;
};
const slowest = (samples) => samples.reduce((m, s) => (s.ms > m.ms ? s : m), { ms: -1 });
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(
  `A ${distA}${urlB !== url ? ` on ${url}` : ''}\nB ${distB}${urlB !== url ? ` on ${urlB}` : ''}\nCPU ms per search (postgres backend / catalog process), A → B:`,
);
const all = { n: 0, a: { pg: 0, node: 0 }, b: { pg: 0, node: 0 } };
for (const [kind, t] of Object.entries(totals)) {
  for (const side of ['a', 'b']) for (const k of ['pg', 'node']) all[side][k] += t[side][k];
  all.n += t.n;
  console.log(
    `  ${kind.padEnd(10)} n=${t.n}: postgres ${fmt(t.a.pg / t.n)} → ${fmt(t.b.pg / t.n)}, catalog ${fmt(t.a.node / t.n)} → ${fmt(t.b.node / t.n)}; wall ms p50 / p95 / max ${wall(t.a.wall)} → ${wall(t.b.wall)}`,
  );
  for (const side of ['a', 'b']) {
    const s = slowest(t[side].wall);
    console.log(`      slowest ${side.toUpperCase()}: ${s.ms.toFixed(1)} ms ${JSON.stringify(s.f)}`);
  }
}
console.log(
  `  ${'all'.padEnd(10)} n=${all.n}: postgres ${fmt(all.a.pg / all.n)} → ${fmt(all.b.pg / all.n)}, catalog ${fmt(all.a.node / all.n)} → ${fmt(all.b.node / all.n)}`,
);
console.log(`answers different: ${differences} of ${all.n}`);
await a.pool.end();
await b.pool.end();
