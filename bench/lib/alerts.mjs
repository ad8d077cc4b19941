// The saved-search matcher at scale: `node bench/lib/alerts.mjs [--searches 100000] [--people 20000] [--listings 500]`
// (after `npm run build`). A fresh database (libs/testing), alerts' own migrations, saved searches seeded with set-based
// SQL exactly as alerts files them (the words' tsquery, one key per search), then listings matched one at a time by
// alerts' own `ListingMatcher` (the statement the consumer runs); its time per listing is reported (p50/p95/p99).
// The outbox write of each match is left out (one insert per match, the same in any design).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VOCABULARY } from './seed.mjs';
import { percentiles, fmt } from './stats.mjs';
import { ROOT, testing } from './infra.mjs';

const require = createRequire(import.meta.url);
const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '100000' },
    people: { type: 'string', default: '20000' },
    listings: { type: 'string', default: '500' },
    explain: { type: 'boolean', default: false },
  },
});
const SEARCHES = Number(values.searches);
const PEOPLE = Number(values.people);
const LISTINGS = Number(values.listings);

const { DataSource } = require(path.join(ROOT, 'node_modules/typeorm'));
const { ALERTS_MIGRATIONS } = require(path.join(ROOT, 'services/alerts/dist/database/migrations/index.js'));
const { ListingMatcher } = require(path.join(ROOT, 'services/alerts/dist/matching/listing-matcher.js'));

const { startTestInfra } = testing();
const infra = await startTestInfra();
const db = new DataSource({ type: 'postgres', url: infra.env.DATABASE_URL, migrations: ALERTS_MIGRATIONS });
await db.initialize();
await db.query(`CREATE SCHEMA IF NOT EXISTS alerts`);
await db.runMigrations({ transaction: 'each' });

const { MATERIALS, NOUNS, ADJECTIVES, CITIES, COUNTRIES, CATEGORIES } = VOCABULARY;
const lower = (words) => words.map((w) => w.toLowerCase().split(/[^a-z]+/)[0]);
// Most people save searches for particular things: a word of their own (a maker, a place, a motif: 20,000 of them)
// with a common one; the rest save the catalogue's common words with a filter.
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
  [lower(MATERIALS), lower(NOUNS), COUNTRIES, CATEGORIES, SEARCHES, PEOPLE],
);
// Filed under its longest word's lexeme, as `searchKeys` files it.
await db.query(`
  INSERT INTO alerts.saved_search_keys (key, saved_search_id)
  SELECT 'w:' || (tsvector_to_array(to_tsvector('english', w)))[1], id
    FROM (SELECT id, CASE WHEN length(split_part(search, ' ', 1)) >= length(split_part(search, ' ', 2))
                          THEN split_part(search, ' ', 1) ELSE split_part(search, ' ', 2) END AS w
            FROM alerts.saved_searches) s
  ON CONFLICT DO NOTHING`);
await db.query(`VACUUM ANALYZE alerts.saved_searches`);
await db.query(`VACUUM ANALYZE alerts.saved_search_keys`);
const seeded = Date.now() - t0;

const matcher = new ListingMatcher({ add: async () => undefined });
const pick = (list, i) => list[Math.floor(Math.abs(Math.sin(i + 1)) * 10_000) % list.length];
const times = [];
const matches = [];
for (let i = 0; i < LISTINGS; i++) {
  const id = crypto.randomUUID();
  const motif = i % 3 === 0 ? ` motif${(i * 7919) % 20000}` : '';
  const title = `${pick(ADJECTIVES, i)} ${pick(MATERIALS, i * 3)} ${pick(NOUNS, i * 5)}${motif}`;
  const country = pick(COUNTRIES, i * 11);
  await db.query(
    `INSERT INTO alerts.products (id, seller_id, title, description, category, country, condition, price, ships_from,
       status)
     VALUES ($1, gen_random_uuid(), $2, $3, $4, $5, 'new', $6, $5, 'active')`,
    [
      id,
      title,
      `Bought in ${pick(CITIES, i * 13)}, carried home with care.`,
      pick(CATEGORIES, i),
      country,
      5 + (i % 150),
    ],
  );
  const started = process.hrtime.bigint();
  const found = await db.transaction((manager) => matcher.match(manager, id));
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
  matches.push(found);
}
if (values.explain) {
  // The plans of one more listing's match (each statement is run twice: EXPLAIN ANALYZE runs it).
  const id = crypto.randomUUID();
  await db.query(
    `INSERT INTO alerts.products (id, seller_id, title, description, category, country, condition, price, ships_from,
       status)
     VALUES ($1, gen_random_uuid(), 'Handmade Ceramic Bowl motif77', 'Bought in Kyoto.', 'Home Decor', 'Japan', 'new', 30,
       'Japan', 'active')`,
    [id],
  );
  const explaining = {
    query: async (sql, params) => {
      const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
      return db.query(sql, params);
    },
  };
  await matcher.match(explaining, id);
}
const t = percentiles(times);
const m = percentiles(matches);
console.log(
  `saved searches ${SEARCHES.toLocaleString('en-US')} of ${PEOPLE.toLocaleString('en-US')} people (seeded in ${fmt(seeded / 1000)} s); ` +
    `${LISTINGS} listings matched one by one`,
);
console.log(`matcher ms: p50 ${fmt(t.p50)}  p95 ${fmt(t.p95)}  p99 ${fmt(t.p99)}  max ${fmt(t.max)}`);
console.log(`searches matched per listing: p50 ${fmt(m.p50, 0)}  p95 ${fmt(m.p95, 0)}  max ${fmt(m.max, 0)}`);
await db.destroy();
await infra.stop();
