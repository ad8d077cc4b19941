import { Client } from 'pg';

/**
 * Creates the database (first start on a fresh machine) and the service's schema before TypeORM runs
 * migrations: TypeORM keeps its migrations table inside the schema, so the schema must exist first.
 */
export async function ensureDatabaseAndSchema(url: string, schema: string): Promise<void> {
  try {
    await createSchema(url, schema);
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: database does not exist
    const target = new URL(url);
    const database = decodeURIComponent(target.pathname.slice(1));
    const admin = new URL(url);
    admin.pathname = '/postgres';
    await withClient(admin.toString(), (c) => c.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`)).catch(
      (e) => {
        // Created meanwhile by another service starting at the same moment (42P04, or 23505 when both raced).
        if (!['42P04', '23505'].includes((e as { code?: string }).code ?? '')) throw e;
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
  await withClient(url, (c) => c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)).catch((error: { code?: string }) => {
    if (!['23505', '42P06'].includes(error.code ?? '')) throw error;
  });
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
