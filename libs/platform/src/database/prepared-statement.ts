import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * A fixed, hot read run as a named prepared statement: each pooled connection parses and plans it once, then only
 * binds and executes it. TypeORM's `query` sends an unnamed statement, which Postgres parses and plans on every call;
 * for a join such as the conversation list's, planning is about half of the work (bench/README.md).
 *
 * After five calls Postgres may keep one generic plan for the statement when it costs no more than the custom ones,
 * so use this for statements whose best plan does not depend on the values (lookups by key, one user's rows), not
 * for the filtered and searched product lists. It runs outside any TypeORM transaction, on the DataSource's pool.
 */
export class PreparedStatement<Row extends QueryResultRow> {
  /** `name` must be unique per database connection, i.e. across the service: prefix it with the schema. */
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  async run(db: DataSource | Pool, values: unknown[]): Promise<Row[]> {
    const result = await poolOf(db).query<Row>({ name: this.name, text: this.text, values });
    return result.rows;
  }
}

/**
 * A read whose best plan depends on its values (a filtered or searched product page, a count), sent unnamed
 * straight on the DataSource's pool: Postgres plans it on every call, but it skips TypeORM's `query` path, whose
 * per-call overhead is a large share of a hot read's CPU in the calling service (bench/README.md). Like
 * PreparedStatement, it runs outside any TypeORM transaction.
 */
export async function queryPool<Row extends QueryResultRow>(
  db: DataSource | Pool,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  return (await poolOf(db).query<Row>(text, values)).rows;
}

/** The pg Pool behind a TypeORM DataSource, or a pool of its own (a read replica's: `openReadPool`). */
function poolOf(db: DataSource | Pool): Pool {
  return 'driver' in db ? ((db.driver as PostgresDriver).master as Pool) : db;
}
