// Saved searches at scale (`npm run bench -- --only alerts`): 100,000 saved searches of 20,000 people are seeded in
// alerts' tables with set-based SQL, filed exactly as alerts files them (the words' tsquery, one key per search); one
// signed-in person saves a search through the gateway and holds a live stream (`GET /api/stream`, as the web app's
// tab does). Then listings are posted through the gateway at a steady rate (open loop), each one matching that
// person's search among whatever else it matches, and measured:
// - the matcher's own time per listing, from alerts' `alerts_listing_match_seconds` histogram (two scrapes);
// - end to end, from the listing's POST answered (committed) to its `saved-search.matched` event in the open stream
//   (catalog's outbox → moderation's keyword check and alerts' matcher → alerts' outbox → notifications' bell and
//   push → the gateway's stream);
// - alerts' resident memory before, at its peak and after;
// - the plans of the matcher's statements for one listing (EXPLAIN ANALYZE, rolled back).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { VOCABULARY } from './seed.mjs';
import { percentiles } from './stats.mjs';
import { ROOT } from './infra.mjs';
import { stageSnapshot, stagesSince } from './stages.mjs';

const require = createRequire(import.meta.url);
/** The word of the signed-in person's saved search: every bench listing holds it. */
const WATCHED_WORD = 'quokka';
/** An event not seen this long after its POST answered counts as lost. */
const LOST_AFTER_MS = 15_000;
const PRODUCT_ID = /"productId":"([0-9a-f-]{36})"/;

const rssMb = (pid) => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 102.4) / 10;
  } catch {
    return null;
  }
};

/** 70 % a rare word of 20,000 with a common noun; 30 % two common words with a country; a fifth with a price cap. */
async function seedSearches(db, searches, people) {
  const { MATERIALS, NOUNS, COUNTRIES, CATEGORIES } = VOCABULARY;
  const lower = (words) => words.map((w) => w.toLowerCase().split(/[^a-z]+/)[0]);
  const t0 = Date.now();
  await db.query(
    `WITH v AS (SELECT $1::text[] AS materials, $2::text[] AS nouns, $3::text[] AS countries, $4::text[] AS categories),
     s AS (
       SELECT gen_random_uuid() AS id, i,
              ('00000000-0000-4000-8000-' || lpad(to_hex(i % $6), 12, '0'))::uuid AS user_id,
              CASE WHEN i % 10 < 7 THEN 'motif' || (hashint4(i) & 32767) % 20000 || ' ' || v.nouns[1 + i % cardinality(v.nouns)]
                   ELSE v.materials[1 + i % cardinality(v.materials)] || ' ' || v.nouns[1 + (i / 7) % cardinality(v.nouns)]
              END AS search,
              CASE WHEN i % 10 >= 7 THEN v.countries[1 + i % cardinality(v.countries)] END AS country,
              CASE WHEN i % 5 = 0 THEN 20 + i % 200 END AS max_price
         FROM generate_series(1, $5) AS i, v)
     INSERT INTO alerts.saved_searches (id, user_id, search, country, max_price, query)
     SELECT id, user_id, search, country, max_price,
            to_tsquery('english', '''' || split_part(search, ' ', 1) || ' '':*') &&
            to_tsquery('english', '''' || split_part(search, ' ', 2) || ' '':*')
       FROM s`,
    [lower(MATERIALS), lower(NOUNS), COUNTRIES, CATEGORIES, searches, people],
  );
  // Filed under its longest word's lexeme, with the other word's as its second key, as `searchKeys` and `secondKey`
  // file it (the seeded words have one form and one lexeme each).
  await db.query(`
    INSERT INTO alerts.saved_search_keys (key, saved_search_id, also)
    SELECT 'w:' || (tsvector_to_array(to_tsvector('english', w)))[1], id,
           'w:' || (tsvector_to_array(to_tsvector('english', o)))[1]
      FROM (SELECT id, CASE WHEN long THEN a ELSE b END AS w, CASE WHEN long THEN b ELSE a END AS o
              FROM (SELECT id, split_part(search, ' ', 1) AS a, split_part(search, ' ', 2) AS b,
                           length(split_part(search, ' ', 1)) >= length(split_part(search, ' ', 2)) AS long
                      FROM alerts.saved_searches) w) s
    ON CONFLICT DO NOTHING`);
  await db.query(`VACUUM ANALYZE alerts.saved_searches`);
  await db.query(`VACUUM ANALYZE alerts.saved_search_keys`);
  return (Date.now() - t0) / 1000;
}

/** The open stream of one signed-in person: `onMatch(productId, at)` for each saved-search.matched event. */
function openStream(base, cookie, onMatch) {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/stream',
      headers: { cookie, accept: 'text/event-stream' },
      agent: false,
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (!ready && line.startsWith('event: ')) {
            ready = true;
            resolve({ close: () => req.destroy() });
          } else if (line.startsWith('data: ') && line.includes('saved-search.matched')) {
            const id = PRODUCT_ID.exec(line)?.[1];
            if (id) onMatch(id, performance.now());
          }
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The histogram's buckets (upper bound in ms → cumulative count) from a /metrics text. */
async function histogram(url, name) {
  const text = await (await fetch(url)).text();
  const buckets = new Map();
  let count = 0;
  let sum = 0;
  for (const line of text.split('\n')) {
    const bucket = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} ([0-9.e+-]+)$`).exec(line);
    if (bucket) buckets.set(bucket[1] === '+Inf' ? Infinity : Number(bucket[1]) * 1000, Number(bucket[2]));
    if (line.startsWith(`${name}_count `)) count = Number(line.split(' ')[1]);
    if (line.startsWith(`${name}_sum `)) sum = Number(line.split(' ')[1]) * 1000;
  }
  return { buckets, count, sum };
}

/** A quantile of the observations between two scrapes, interpolated within its bucket (as Prometheus does). */
function quantile(before, after, q) {
  const count = after.count - before.count;
  if (!count) return null;
  const rank = q * count;
  let lower = 0;
  let below = 0;
  for (const [le, cumulative] of [...after.buckets].sort((a, b) => a[0] - b[0])) {
    const inBucket = cumulative - (before.buckets.get(le) ?? 0);
    if (inBucket >= rank) {
      if (le === Infinity) return lower;
      return Math.round((lower + ((rank - below) / Math.max(1, inBucket - below)) * (le - lower)) * 100) / 100;
    }
    lower = le;
    below = inBucket;
  }
  return null;
}

/** One listing as the sell form sends it, holding the watched word; a third also a rare word of the seeded ones. */
function listingBody(i) {
  const { ADJECTIVES, MATERIALS, NOUNS, COUNTRIES, CITIES } = VOCABULARY;
  const pick = (list, n) => list[Math.floor(Math.abs(Math.sin(n + 1)) * 10_000) % list.length];
  const motif = i % 3 === 0 ? ` motif${(i * 7919) % 20000}` : '';
  return {
    title: `${pick(ADJECTIVES, i)} ${pick(MATERIALS, i * 3)} ${pick(NOUNS, i * 5)} ${WATCHED_WORD}${motif}`,
    description: `Bought in ${pick(CITIES, i * 13)}, carried home with care.`,
    price: 5 + (i % 150),
    condition: 'new',
    category: 'Home Decor',
    country: pick(COUNTRIES, i * 11),
    images: [`https://example.com/alerts-bench/${i}.jpg`],
  };
}

async function post(base, cookie, pathname, body) {
  const res = await fetch(base + pathname, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  if (res.status !== 201)
    throw new Error(`POST ${pathname} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** The matcher's two statements for one listing, EXPLAIN ANALYZE'd in a transaction rolled back (nothing kept). */
async function explainMatcher(dbUrl, productId) {
  const { ListingMatcher } = require(path.join(ROOT, 'services/alerts/dist/matching/listing-matcher.js'));
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const statements = [];
  try {
    await client.query('BEGIN');
    const manager = {
      query: async (sql, params) => {
        const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']);
        const executionMs = Number(/Execution Time: ([0-9.]+)/.exec(plan.join('\n'))?.[1]);
        statements.push({ sql: sql.replace(/\s+/g, ' ').slice(0, 100), executionMs, plan });
        return (await client.query(sql, params)).rows;
      },
    };
    await new ListingMatcher({ add: async () => undefined }).match(manager, productId);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
  return statements;
}

export async function alertsBench({
  base,
  dbUrl,
  subscriber,
  sellers,
  alerts,
  metricsUrls,
  searches = 100_000,
  people = 20_000,
  rate = 20,
  seconds = 20,
  warmUpSeconds = 3,
}) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  let stream;
  try {
    const seedSeconds = await seedSearches(db, searches, people);
    await post(base, subscriber.cookie, '/api/saved-searches', { search: WATCHED_WORD });

    const seen = new Map();
    stream = await openStream(base, subscriber.cookie, (id, at) => {
      if (!seen.has(id)) seen.set(id, at);
    });
    const alertsUrl = metricsUrls.alerts;
    const rss = { before: rssMb(alerts.pid), peak: 0, after: null, samples: [] };
    const sampler = setInterval(() => {
      const mb = rssMb(alerts.pid);
      if (mb !== null) {
        rss.peak = Math.max(rss.peak, mb);
        rss.samples.push(mb);
      }
    }, 250);

    let n = 0;
    const posted = new Map();
    const failures = [];
    /** Posts at `rate` per second for `secs` seconds, open loop (a slow answer does not delay the next post). */
    const listAtRate = async (secs, measured) => {
      const pending = [];
      const started = performance.now();
      for (let k = 0; k < secs * rate; k++) {
        const due = started + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const i = n++;
        const seller = sellers[i % sellers.length];
        const sentAt = performance.now();
        pending.push(
          post(base, seller.cookie, '/api/products', listingBody(i)).then(
            (product) => {
              if (measured) posted.set(product.id, { sentAt, answeredAt: performance.now() });
            },
            (error) => failures.push(error.message),
          ),
        );
      }
      await Promise.all(pending);
    };

    await listAtRate(warmUpSeconds, false);
    await new Promise((r) => setTimeout(r, 2000));
    const matchBefore = await histogram(alertsUrl, 'alerts_listing_match_seconds');
    const stagesBefore = await stageSnapshot(metricsUrls);
    const t0 = performance.now();
    await listAtRate(seconds, true);
    const sendSeconds = (performance.now() - t0) / 1000;
    const deadline = performance.now() + LOST_AFTER_MS;
    while (performance.now() < deadline && [...posted.keys()].some((id) => !seen.has(id)))
      await new Promise((r) => setTimeout(r, 100));
    const matchAfter = await histogram(alertsUrl, 'alerts_listing_match_seconds');
    const stages = (await stagesSince(stagesBefore, metricsUrls)).filter((s) =>
      /event_apply_delay|outbox_publish_delay|alerts_listing_match|http_request_duration/.test(s.series),
    );
    await new Promise((r) => setTimeout(r, 5000));
    clearInterval(sampler);
    rss.after = rssMb(alerts.pid);

    const fromAnswer = [];
    const fromSend = [];
    let lost = 0;
    for (const [id, { sentAt, answeredAt }] of posted) {
      const at = seen.get(id);
      if (at === undefined) lost++;
      else {
        fromAnswer.push(Math.max(0, at - answeredAt));
        fromSend.push(at - sentAt);
      }
    }
    const { rows: perListing } = await db.query(
      `SELECT count(m.id)::int AS n FROM alerts.products p LEFT JOIN alerts.matches m ON m.product_id = p.id
        WHERE p.id = ANY($1::uuid[]) GROUP BY p.id`,
      [[...posted.keys()]],
    );
    const matcher = {
      listings: matchAfter.count - matchBefore.count,
      p50: quantile(matchBefore, matchAfter, 0.5),
      p95: quantile(matchBefore, matchAfter, 0.95),
      p99: quantile(matchBefore, matchAfter, 0.99),
      mean:
        matchAfter.count > matchBefore.count
          ? Math.round(((matchAfter.sum - matchBefore.sum) / (matchAfter.count - matchBefore.count)) * 100) / 100
          : null,
    };
    // One more listing, once announced (it is then announceable), its match replayed under EXPLAIN ANALYZE.
    const last = [...posted.keys()].find((id) => seen.has(id));
    const explain = last ? await explainMatcher(dbUrl, last) : [];
    const endToEnd = percentiles(fromAnswer);
    return {
      searches,
      people,
      seedSeconds,
      rate,
      seconds,
      achievedRate: Math.round((posted.size / sendSeconds) * 10) / 10,
      listings: posted.size,
      failures: failures.length,
      failureExamples: failures.slice(0, 3),
      lost,
      matcher,
      endToEnd,
      endToEndFromPost: percentiles(fromSend),
      matchesPerListing: percentiles(perListing.map((r) => r.n)),
      alertsRssMb: { before: rss.before, peak: rss.peak, after: rss.after },
      stages,
      explain,
      meetsTarget:
        matcher.p95 !== null && matcher.p95 < 20 && endToEnd.p95 !== null && endToEnd.p95 < 1000 && lost === 0,
    };
  } finally {
    stream?.close();
    await db.end();
  }
}
