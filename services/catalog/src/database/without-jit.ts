import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * Turns Postgres's JIT compilation off for the connections catalog's pool opens from now on (connections opened at
 * start-up close after the pool's idle timeout). JIT starts when a plan's estimated cost passes `jit_above_cost`
 * (100,000 by default); a search's count and its reads through a GIN index estimate their cost from the number of
 * matches, which passes that bound at 1M products, and compiling then costs about 10 ms of CPU per statement (and
 * far more past `jit_optimize_above_cost`), more than the statement itself: catalog's statements are short reads,
 * never the long analytical queries JIT pays for.
 */
export function withoutJit(dataSource: DataSource): void {
  const pool = (dataSource.driver as PostgresDriver).master as Pool & { options: { options?: string } };
  if (!pool?.options || pool.options.options?.includes('jit=')) return;
  pool.options.options = `${pool.options.options ?? ''} -c jit=off`.trim();
}
