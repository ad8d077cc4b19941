import type { QueryRunner } from 'typeorm';

/**
 * Index builds for migrations on tables that are read and written while the migrations Job runs (deploy/README.md:
 * the old replicas serve until the rollout). A plain `CREATE INDEX` blocks every write of the table until the
 * migration's transaction ends, and a `DROP INDEX` blocks reads too (ACCESS EXCLUSIVE); the concurrent forms take
 * only SHARE UPDATE EXCLUSIVE, which no read or write waits for. They cannot run inside a transaction, so a
 * migration using these sets `transaction = false`.
 *
 * Every step may run again after a failure: an interrupted concurrent build leaves an invalid index behind, which
 * the next run drops before building.
 */

/**
 * How long a concurrent build may wait for the transactions open when it starts (of the whole database, every
 * service's). Waiting blocks no one, so it may outlast the pool's lock_timeout (a few seconds, platform.module.ts),
 * which would otherwise fail the migration whenever any transaction ran longer than that; and it gives up well
 * before the migrations Job's own deadline (10 minutes, deploy/k8s/base/migrate-job.yaml), so the Job fails with
 * the lock timeout rather than being stopped mid-build.
 */
const BUILD_LOCK_TIMEOUT = '5min';

async function patiently(queryRunner: QueryRunner, statement: string): Promise<void> {
  await queryRunner.query(`SET lock_timeout = '${BUILD_LOCK_TIMEOUT}'`);
  try {
    await queryRunner.query(statement);
  } finally {
    // Back to the connection's own setting (its startup options), for whatever uses it next.
    await queryRunner.query('RESET lock_timeout');
  }
}

/** `CREATE INDEX CONCURRENTLY schema.name ON <definition>`, after dropping what a failed build left. */
export async function createIndexConcurrently(
  queryRunner: QueryRunner,
  schema: string,
  name: string,
  definition: string,
): Promise<void> {
  await dropIndexConcurrently(queryRunner, schema, name);
  await patiently(queryRunner, `CREATE INDEX CONCURRENTLY ${name} ON ${definition}`);
}

export async function dropIndexConcurrently(queryRunner: QueryRunner, schema: string, name: string): Promise<void> {
  await patiently(queryRunner, `DROP INDEX CONCURRENTLY IF EXISTS ${schema}.${name}`);
}

/**
 * Replaces index `name` by one of a new definition: built beside it, then the old one dropped and the new one given
 * its name (a rename takes SHARE UPDATE EXCLUSIVE on Postgres 12 and later), so readers always find one of the two.
 */
export async function replaceIndexConcurrently(
  queryRunner: QueryRunner,
  schema: string,
  name: string,
  definition: string,
): Promise<void> {
  const next = `${name}_next`;
  await createIndexConcurrently(queryRunner, schema, next, definition);
  await dropIndexConcurrently(queryRunner, schema, name);
  await patiently(queryRunner, `ALTER INDEX ${schema}.${next} RENAME TO ${name}`);
}
