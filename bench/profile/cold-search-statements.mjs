// Where a cold search's Postgres time goes: a build of catalog's ProductsService (its dist/ folder)
// answers random cold searches of each kind (bench/lib/cold-search.mjs) against a database the bench kept
// (`--keep`), on one connection, recording every statement it sends. Per kind it prints the backend CPU a request
// (from /proc/<pid>/schedstat) and, per kind of statement, how many a request runs and each one's planning and
// execution time, from `EXPLAIN (ANALYZE, TIMING OFF)` of the same statement on a second connection afterwards (the
// slowest execution with its search). Usage:
//   node bench/profile/cold-search-statements.mjs <database url> <dist> [searches per kind, 60]
import { readFileSync } from 'node:fs';
import { filtersOf, KINDS, serviceQueryOf } from '../lib/cold-search.mjs';
import { catalogService, pageOf, pg } from './catalog-service.mjs';

const [url, dist, perKindArg] = process.argv.slice(2);
if (!url || !dist) {
  console.error('usage: cold-search-statements.mjs <database url> <dist> [searches per kind]');
  process.exit(2);
}
const perKind = Number(perKindArg ?? 60);
let sent = null;
const { pool, service: newService, backendPid } = catalogService(dist, url, (statement) => sent?.push(statement));
const service = newService();
const explain = new pg.Client({ connectionString: url });
await explain.connect();
await explain.query('SET jit = off');
const pid = await backendPid();
const cpuNs = () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);

/** What a statement is, by the builder that wrote it (services/catalog/src/products/queries/browse-statements.ts). */
function kindOf(statement) {
  const text = statement.text.replace(/\s+/g, ' ');
  if (/window_end/.test(text)) {
    const limit = statement.values[statement.values.length - 1];
    const ended = statement.rows?.some((r) => r.window_end) && statement.rows.filter((r) => r.hit).length < limit;
    return ended ? 'window (ended)' : 'window (filled)';
  }
  if (/AS past_bound/.test(text)) return 'lexeme proofs';
  if (/counted AS/.test(text)) return 'count and page';
  if (/nearest/.test(text)) return 'nearest terms';
  if (/^WITH matches AS MATERIALIZED \(SELECT 1/.test(text)) return 'count';
  if (/page AS/.test(text)) return 'through the index';
  return 'other';
}

const seen = new Set();
for (const kind of KINDS) {
  let requests = 0;
  let cpu = 0;
  const byStatement = {};
  for (let i = 0; i < perKind; i++) {
    const f = filtersOf(kind);
    const key = JSON.stringify(f);
    if (seen.has(key)) continue;
    seen.add(key);
    let cursor = null;
    for (let page = 1; page <= (kind === 'laterPage' ? 3 : 1); page++) {
      sent = [];
      const before = cpuNs();
      const answer = pageOf(await service.list({ query: serviceQueryOf(f, cursor) }));
      cpu += (cpuNs() - before) / 1e6;
      requests++;
      const statements = sent;
      sent = null;
      for (const statement of statements) {
        const [
          {
            'QUERY PLAN': [plan],
          },
        ] = (await explain.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${statement.text}`, statement.values))
          .rows;
        const s = (byStatement[kindOf(statement)] ??= { n: 0, plan: 0, exec: 0, slowest: 0, search: '' });
        s.n++;
        s.plan += plan['Planning Time'];
        s.exec += plan['Execution Time'];
        if (plan['Execution Time'] > s.slowest) {
          s.slowest = plan['Execution Time'];
          s.search = `${JSON.stringify(f)} page ${page}`;
        }
      }
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
  }
  console.log(`${kind}: ${requests} requests, backend CPU ${(cpu / requests).toFixed(2)} ms a request`);
  for (const [name, s] of Object.entries(byStatement))
    console.log(
      `   ${name.padEnd(18)} ${(s.n / requests).toFixed(2)} a request, planning ${(s.plan / s.n).toFixed(2)} + execution ${(s.exec / s.n).toFixed(2)} ms; slowest ${s.slowest.toFixed(1)} ms: ${s.search}`,
    );
}
await pool.end();
await explain.end();
