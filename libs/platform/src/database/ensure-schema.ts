import { Client } from 'pg';
import { postgresErrorCode, SQLSTATE } from '../errors/postgres-error';

/**
 * Creates the database (first start on a fresh machine) and the service's schema before TypeORM runs
 * migrations: TypeORM keeps its migrations table inside the schema, so the schema must exist first.
 */
export async function ensureDatabaseAndSchema(url: string, schema: string): Promise<void> {
  try {
    await createSchema(url, schema);
  } catch (error) {
    if (postgresErrorCode(error) !== SQLSTATE.invalidCatalogName) throw error; // the database does not exist
    const target = new URL(url);
    const database = decodeURIComponent(target.pathname.slice(1));
    const admin = new URL(url);
    admin.pathname = '/postgres';
    await withClient(admin.toString(), (c) => c.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`)).catch(
      (e) => {
        // Created meanwhile by another service starting at the same moment (42P04, or 23505 when both raced).
        if (!isOneOf(e, SQLSTATE.duplicateDatabase, SQLSTATE.uniqueViolation)) throw e;
      },
    );
    await createSchema(url, schema);
  }
}

/**
 * `IF NOT EXISTS` does not make two concurrent creations safe: the replica that loses the race gets a unique
 * violation on pg_namespace (23505) or 42P06. Either way the schema exists, which is all a replica needs.
 */
async function createSchema(url: string, schema: string): Promise<void> {
  await withClient(url, (c) => c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)).catch((error: unknown) => {
    if (!isOneOf(error, SQLSTATE.uniqueViolation, SQLSTATE.duplicateSchema)) throw error;
  });
}

function isOneOf(error: unknown, ...codes: string[]): boolean {
  return codes.includes(postgresErrorCode(error) ?? '');
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
