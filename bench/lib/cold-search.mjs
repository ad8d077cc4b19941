// Cold, never-repeated searches: what real shoppers send, unlike the bench's per-route search, which asks
// for the same first page again and again and is served from catalog's short-lived caches. Every request here has a
// filter set (words + filters) no earlier request of the run had, so neither catalog's first-page cache nor its
// count cache can answer it: each is a page read and a count in Postgres. Kinds, in turn:
//   frequent  one common word (a material, noun, adjective, country or category; sometimes plural, a prefix being
//             typed, or in capitals), any sort;
//   rare      material + noun + city (1 in ~20,000 products), any sort;
//   noMatch   a typo of a known word (answered with a "Did you mean") or letters that match nothing;
//   laterPage pages 2 and 3 of a frequent or two-word search, following X-Next-Cursor (the first page is not counted);
//   filtered  a word plus a country, a price range and/or a category, any sort.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { percentiles } from './stats.mjs';
import { VOCABULARY } from './seed.mjs';

const TICK_MS = 10; // USER_HZ 100 on Linux
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function procFile(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null; // gone, or not ours to read
  }
}

function cpuTicks(pid) {
  const stat = procFile(pid, 'stat');
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

/**
 * The processes a cold search costs CPU in, found in /proc: this checkout's stack (`<service>/dist/main.js` and the
 * gateway's; other checkouts' stacks on the machine are not counted) and the Postgres backends of its database (named
 * by catalog's DATABASE_URL), each in a group: catalog, gateway, postgres, other services.
 */
function stackProcesses() {
  const found = [];
  let database = null;
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  for (const pid of pids) {
    const args = procFile(pid, 'cmdline')?.split('\0') ?? [];
    const main = args.map((a) =>
      /^(?:services\/([a-z-]+)|(gateway))\/dist\/main\.js$/.exec(a.startsWith(ROOT) ? a.slice(ROOT.length) : ''),
    );
    const match = main.find(Boolean);
    if (!match) continue;
    const name = match[2] ?? match[1];
    found.push({ pid, group: name === 'catalog' || name === 'gateway' ? name : 'other services' });
    if (name === 'catalog') {
      const url = /(?:^|\0)DATABASE_URL=([^\0]+)/.exec(procFile(pid, 'environ') ?? '')?.[1];
      if (url) database = new URL(url).pathname.slice(1);
    }
  }
  if (database)
    for (const pid of pids)
      if (procFile(pid, 'comm')?.trim() === 'postgres' && procFile(pid, 'cmdline')?.includes(` ${database} `))
        found.push({ pid, group: 'postgres' });
  return found;
}

/**
 * CPU ms per search of each group from now until `stop(searches)`. Every process is read each second, so a Postgres
 * backend that exits meanwhile still counts up to its last reading; one that starts meanwhile counts whole.
 */
function sampleCpu() {
  const start = new Map(stackProcesses().map((p) => [p.pid, cpuTicks(p.pid) ?? 0]));
  const last = new Map();
  const read = () => {
    for (const p of stackProcesses()) {
      const ticks = cpuTicks(p.pid);
      if (ticks !== null) last.set(p.pid, { group: p.group, ticks });
    }
  };
  read();
  const timer = setInterval(read, 1000);
  const self = process.cpuUsage();
  return (searches) => {
    clearInterval(timer);
    read();
    const ms = { postgres: 0, catalog: 0, gateway: 0, 'other services': 0 };
    for (const [pid, { group, ticks }] of last) ms[group] += (ticks - (start.get(pid) ?? 0)) * TICK_MS;
    const used = process.cpuUsage(self);
    ms['load generator'] = (used.user + used.system) / 1000;
    const perSearch = Object.fromEntries(
      Object.entries(ms).map(([group, total]) => [group, searches ? Math.round((total / searches) * 100) / 100 : null]),
    );
    perSearch.total = Math.round(Object.values(perSearch).reduce((a, b) => a + (b ?? 0), 0) * 100) / 100;
    return perSearch;
  };
}

const SORTS = ['recent', 'recent', 'price_asc', 'price_desc', 'popular'];
const pick = (values) => values[Math.floor(Math.random() * values.length)];
const lower = (values) =>
  values.flatMap((v) =>
    v
      .toLowerCase()
      .split(/[^a-zà-ÿø]+/)
      .filter((w) => w.length >= 3),
  );
const FREQUENT = [
  ...new Set([
    ...lower(VOCABULARY.MATERIALS),
    ...lower(VOCABULARY.NOUNS),
    ...lower(VOCABULARY.ADJECTIVES),
    ...lower(VOCABULARY.COUNTRIES),
    ...lower(VOCABULARY.CATEGORIES),
  ]),
];
const CITIES = lower(VOCABULARY.CITIES);

/** A common word as a shopper types it: whole, plural, a prefix, or in capitals. */
function frequentWord() {
  const word = pick(FREQUENT);
  const r = Math.random();
  if (r < 0.25) return word.endsWith('s') ? word : `${word}s`;
  if (r < 0.45 && word.length > 4) return word.slice(0, 3 + Math.floor(Math.random() * (word.length - 3)));
  if (r < 0.55) return word.toUpperCase();
  return word;
}

/** A one-letter typo (deletion, transposition or substitution) of a known word, or random letters. */
function noMatchWords() {
  if (Math.random() < 0.5)
    return Array.from({ length: 6 + Math.floor(Math.random() * 4) }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
  const word = pick([...FREQUENT, ...CITIES].filter((w) => w.length >= 5));
  const i = 1 + Math.floor(Math.random() * (word.length - 2));
  const kind = Math.floor(Math.random() * 3);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  return word.slice(0, i) + String.fromCharCode(97 + Math.floor(Math.random() * 26)) + word.slice(i + 1);
}

export function filtersOf(kind) {
  switch (kind) {
    case 'frequent':
      return { search: frequentWord(), sort: pick(SORTS) };
    case 'rare':
      return {
        search: `${pick(lower(VOCABULARY.MATERIALS))} ${pick(lower(VOCABULARY.NOUNS))} ${pick(CITIES)}`,
        sort: pick(SORTS),
      };
    case 'noMatch':
      return { search: noMatchWords() };
    case 'laterPage':
      return {
        search:
          Math.random() < 0.5
            ? frequentWord()
            : `${pick(lower(VOCABULARY.MATERIALS))} ${pick(lower(VOCABULARY.NOUNS))}`,
        sort: pick(SORTS),
      };
    case 'filtered': {
      const f = { search: Math.random() < 0.5 ? frequentWord() : pick(CITIES), sort: pick(SORTS) };
      const r = Math.random();
      if (r < 0.4) f.country = pick(VOCABULARY.COUNTRIES);
      if (r >= 0.3 && r < 0.8) {
        f.minPrice = 5 + Math.floor(Math.random() * 60);
        f.maxPrice = f.minPrice + 10 + Math.floor(Math.random() * 200);
      }
      if (r >= 0.7) f.categories = pick(VOCABULARY.CATEGORIES);
      return f;
    }
  }
}

export const KINDS = ['frequent', 'rare', 'noMatch', 'laterPage', 'filtered'];

/** A filter set as catalog's `listProducts` takes it from the gateway (the profile tools call the service directly). */
export const serviceQueryOf = (f, cursor) => ({
  search: f.search,
  sort: f.sort,
  country: f.country,
  minPrice: f.minPrice,
  maxPrice: f.maxPrice,
  categories: f.categories ? [f.categories] : undefined,
  limit: 24,
  ...(cursor ? { cursor } : {}),
});

/** The query string of a filter set (sort=recent left out, as the web app does). */
function pathOf(f, cursor) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f))
    if (v !== undefined && !(k === 'sort' && v === 'recent')) params.set(k, String(v));
  params.set('limit', '24');
  if (cursor) params.set('cursor', cursor);
  return `/api/products?${params}`;
}

/**
 * Runs `seconds` of closed-loop load at `connections`, every request a filter set never sent before in the run,
 * (`seen`: the filter sets sent so far, shared between runs) and answers latency percentiles overall and per kind, plus how many answers were "1,000+" or carried a suggestion.
 */
export async function coldSearches({ base, connections, seconds, seen = new Set() }) {
  const byKind = Object.fromEntries(KINDS.map((k) => [k, []]));
  const all = [];
  const slowest = [];
  const outcome = { errors: 0, non2xx: 0, lowerBound: 0, suggestions: 0, empty: 0, examples: [] };
  const fresh = (kind) => {
    for (let tries = 0; tries < 1000; tries++) {
      const f = filtersOf(kind);
      const key = JSON.stringify({ ...f, sort: undefined, search: f.search.toLowerCase() });
      if (!seen.has(key)) {
        seen.add(key);
        return f;
      }
    }
    return null; // every query of this kind was sent already in this run: the kind is left out from here on
  };
  const exhausted = new Set();
  // Requests through undici's pool (cheap for the load generator); the gateway's headers say what the answer was.
  const { Pool } = await import('undici');
  const pool = new Pool(base, { connections, keepAliveTimeout: 30_000 });
  let requests = 0;
  const get = async (path, kind, record = true) => {
    requests++;
    const started = performance.now();
    try {
      const res = await pool.request({ path, method: 'GET', headers: { accept: 'application/json' } });
      const body = await res.body.text();
      const ms = performance.now() - started;
      if (res.statusCode !== 200) {
        outcome.non2xx++;
        if (outcome.examples.length < 5) outcome.examples.push(`${res.statusCode} ${path} ${body.slice(0, 120)}`);
        return null;
      }
      if (record) {
        all.push(ms);
        byKind[kind].push(ms);
        slowest.push({
          ms: Math.round(ms * 10) / 10,
          path: decodeURIComponent(path.replace(/&cursor=.*/, '&cursor=…')),
        });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
      }
      if (res.headers['x-total-is-lower-bound']) outcome.lowerBound++;
      if (res.headers['x-search-suggestion']) outcome.suggestions++;
      if (body === '[]') outcome.empty++;
      return res.headers['x-next-cursor'] ?? null;
    } catch (error) {
      outcome.errors++;
      if (outcome.examples.length < 5) outcome.examples.push(`${path}: ${error.message}`);
      return null;
    }
  };
  const stopCpu = sampleCpu();
  const deadline = Date.now() + seconds * 1000;
  let turn = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline && exhausted.size < KINDS.length) {
        const kind = KINDS[turn++ % KINDS.length];
        if (exhausted.has(kind)) continue;
        const f = fresh(kind);
        if (!f) {
          exhausted.add(kind);
          continue;
        }
        if (kind !== 'laterPage') {
          await get(pathOf(f), kind);
          continue;
        }
        let cursor = await get(pathOf(f), kind, false);
        for (let page = 2; page <= 3 && cursor; page++) cursor = await get(pathOf(f, cursor), kind);
      }
    }),
  );
  // Every request sent counts (a later page's first page too), as each costs the stack a search.
  const cpuMsPerSearch = stopCpu(requests);
  await pool.close();
  console.log(
    `   c=${connections}: CPU ms per search: ${Object.entries(cpuMsPerSearch)
      .map(([group, ms]) => `${group} ${ms}`)
      .join(', ')} (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
  return {
    cpuMsPerSearch,
    connections,
    seconds,
    distinctQueries: seen.size,
    // Kinds whose distinct queries ran out before the time did (a fast machine sends them all).
    exhausted: [...exhausted],
    overall: percentiles(all),
    byKind: Object.fromEntries(KINDS.map((k) => [k, percentiles(byKind[k])])),
    rps: Math.round((all.length / seconds) * 10) / 10,
    slowest,
    ...outcome,
  };
}
