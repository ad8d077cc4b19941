import { setTimeout as delay } from 'node:timers/promises';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

/** How often a replica waiting for another's migrations asks for the lock again. */
const LOCK_POLL_MS = 250;

/**
 * Opens the service's DataSource and runs its pending migrations under a Postgres advisory lock keyed by the
 * schema, so replicas (or the migrations Job) starting together never run the same migration twice: the
 * first takes the lock and migrates, the others wait and then find nothing pending.
 */
export async function openAndMigrate(options: DataSourceOptions, url: string, schema: string): Promise<DataSource> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  const lock = new Client({ connectionString: url, application_name: `${schema}-migrations` });
  try {
    await lock.connect();
    // Asked for again and again, not waited for: a session waiting in pg_advisory_lock holds a snapshot, and a
    // migration's CREATE INDEX CONCURRENTLY waits for every older snapshot of the database, so the replica migrating
    // and the one waiting for it would each wait for the other.
    while (!(await tryLock(lock, schema))) await delay(LOCK_POLL_MS);
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  } finally {
    // Ending the session releases the lock too, should the unlock fail.
    await lock
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`souvenir.migrations.${schema}`])
      .catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
  return dataSource;
}

async function tryLock(lock: Client, schema: string): Promise<boolean> {
  const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
    `souvenir.migrations.${schema}`,
  ]);
  return rows[0]?.locked === true;
}
