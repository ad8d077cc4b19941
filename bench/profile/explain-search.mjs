// One search's statements and plans: a build of catalog's ProductsService (its dist/ folder) answers the search (a
// filter set as bench/lib/cold-search.mjs writes them) against a database the bench kept (`--keep`), on one
// connection, `repeats` times (the wall time of each answer, pages 1 to `pages` following the cursor), then prints
// every statement the last answer sent with its `EXPLAIN (ANALYZE, BUFFERS)` from a second connection. Usage:
//   node bench/profile/explain-search.mjs <database url> <dist> '<filters as JSON>' [pages, 1] [repeats, 5] [--quiet]
// e.g. '{"search":"braz","categories":"Clothing","minPrice":45,"maxPrice":125}'. `--quiet`: the timings only.
import { serviceQueryOf } from '../lib/cold-search.mjs';
import { catalogService, pageOf, pg } from './catalog-service.mjs';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const [url, dist, filtersJson, pagesArg, repeatsArg] = args.filter((a) => a !== '--quiet');
if (!url || !dist || !filtersJson) {
  console.error('usage: explain-search.mjs <database url> <dist> <filters JSON> [pages] [repeats] [--quiet]');
  process.exit(2);
}
const f = JSON.parse(filtersJson);
const pages = Number(pagesArg ?? 1);
const repeats = Number(repeatsArg ?? 5);
let sent = null;
const { pool, service: newService } = catalogService(dist, url, (statement) => sent?.push(statement));
let statements = [];
const times = [];
for (let r = 0; r < repeats; r++) {
  const service = newService();
  sent = [];
  const started = performance.now();
  let cursor = null;
  for (let page = 1; page <= pages; page++) {
    const answer = pageOf(await service.list({ query: serviceQueryOf(f, cursor) }));
    if (r === repeats - 1)
      console.log(
        `page ${page}: ${answer.items.length} items, total ${answer.totalCount}${answer.totalIsLowerBound ? '+' : ''}`,
      );
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  times.push(performance.now() - started);
  statements = sent;
  sent = null;
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `${JSON.stringify(f)} pages 1-${pages}: wall ms ${times.map((t) => t.toFixed(1)).join(', ')} (p50 ${sorted[Math.floor((sorted.length - 1) / 2)].toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)})`,
);
if (!quiet) {
  const explain = new pg.Client({ connectionString: url });
  await explain.connect();
  await explain.query('SET jit = off');
  for (const statement of statements) {
    // Twice, the second printed: the first on a connection also fills its catalog caches (its planning time).
    await explain.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
    const { rows } = await explain.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
    console.log(
      `\n---- ${statement.text.replace(/\s+/g, ' ').slice(0, 160)}…\n-- values ${JSON.stringify(statement.values)}`,
    );
    for (const row of rows) console.log(row['QUERY PLAN']);
  }
  await explain.end();
}
await pool.end();
