// What the search profile tools share: a build of catalog's ProductsService (its dist/ folder) on one Postgres
// connection of a database the bench kept (`--keep`), with no NATS and no replica, every list read on that
// connection; and a page as the gateway reads it.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
export const pg = require('pg');

/** A first page comes from catalog's first-page cache already in JSON; any other page is an object. */
export const pageOf = (answer) => (typeof answer?.json === 'string' ? JSON.parse(answer.json) : answer);

/**
 * The build at `dist` on a one-connection pool of `url`: `service()` makes a new ProductsService (new caches, so a
 * repeat is read again), `onQuery(statement)` sees every statement sent ({ text, values }, `rows` once answered).
 */
export function catalogService(dist, url, onQuery = () => {}) {
  const load = (path) => require(resolve(dist, path));
  const { ProductsService } = load('products/products.service.js');
  const { ProductsRepository } = load('products/products.repository.js');
  const { ProductCountCache, FirstPageCache } = load('products/product-list-caches.js');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const query = pool.query.bind(pool);
  pool.query = (text, values, ...rest) => {
    const statement = { text, values };
    if (typeof text === 'string') onQuery(statement);
    const result = query(text, values, ...rest);
    result.then?.((r) => (statement.rows = r.rows));
    return result;
  };
  const dataSource = { driver: { master: pool } };
  const repository = new ProductsRepository(dataSource);
  const service = () =>
    new ProductsService(
      dataSource,
      repository,
      null,
      null,
      new ProductCountCache(),
      new FirstPageCache(),
      null,
      null,
      null,
      null,
      // ListReads without a replica: every list read on this pool's repository.
      { ownWritesPending: () => false, run: (read) => read(repository) },
    );
  /** The Postgres backend's process id (its CPU is in /proc/<pid>/schedstat). */
  const backendPid = async () => (await query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  return { pool, service, backendPid };
}
