import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

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
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`souvenir.migrations.${schema}`]);
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
