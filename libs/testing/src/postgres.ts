import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A database created for one test suite and dropped after it. */
export class TestDatabase {
  private constructor(
    readonly url: string,
    private readonly adminUrl: string,
    readonly name: string,
  ) {}

  static async create(serverUrl: string): Promise<TestDatabase> {
    const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return new TestDatabase(url.toString(), serverUrl, name);
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return withClient(this.url, async (c) => (await c.query(sql, params)).rows as T[]);
  }

  async drop(): Promise<void> {
    await withClient(this.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${this.name}" WITH (FORCE)`));
  }
}

async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
