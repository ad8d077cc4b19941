import type { QueryRunner } from 'typeorm';

/**
 * Extensions are database-wide, and every service's migrations start at once on a fresh database: two
 * `CREATE EXTENSION IF NOT EXISTS` of the same extension racing fail one of them with a unique violation on
 * pg_extension_name_index (IF NOT EXISTS reads the catalog before either has committed). Every service creates its
 * extensions through this, under one transaction-level advisory lock for the whole database: the second waits for the
 * first's commit, then finds the extension there.
 */
const EXTENSIONS_LOCK = 'souvenir.extensions';

/** `CREATE EXTENSION IF NOT EXISTS <name> WITH SCHEMA <schema>`, safe when run by several services at once. */
export async function createExtension(queryRunner: QueryRunner, name: string, schema = 'public'): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`not an extension or schema name: ${name}, ${schema}`);
  // A transaction-level lock lasts until the commit that makes the extension visible; a migration run outside a
  // transaction (`transaction = false`, for concurrent index builds) gets a short one of its own.
  const own = !queryRunner.isTransactionActive;
  if (own) await queryRunner.startTransaction();
  try {
    await queryRunner.query('SELECT pg_advisory_xact_lock(hashtext($1))', [EXTENSIONS_LOCK]);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS ${name} WITH SCHEMA ${schema}`);
    if (own) await queryRunner.commitTransaction();
  } catch (error) {
    if (own) await queryRunner.rollbackTransaction();
    throw error;
  }
}
