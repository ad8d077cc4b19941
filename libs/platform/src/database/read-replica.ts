import { Pool } from 'pg';
import { isStoreUnavailable } from '../errors/outage';

/**
 * The URL a service's heavy reads use: `DATABASE_READ_URL` (a streaming replica, e.g. CloudNativePG's `-ro`
 * Service), or null when it is unset or empty (reads stay on `DATABASE_URL`). A read URL without a password takes
 * DATABASE_URL's user and password, and without parameters its parameters (`sslmode`), so the replicas' address can
 * live in the ConfigMap while the credentials stay in the Secret.
 */
export function readReplicaUrl(databaseUrl: string, readUrl: string | undefined): string | null {
  if (!readUrl?.trim()) return null;
  const read = new URL(readUrl.trim());
  const primary = new URL(databaseUrl);
  if (!read.password) {
    read.username = read.username || primary.username;
    read.password = primary.password;
  }
  if (!read.search) read.search = primary.search;
  return read.toString();
}

/**
 * A pool on a read replica, beside the service's TypeORM pool (which stays on the primary for writes, migrations and
 * every read that must see the latest commit). Same size and connect timeout as the primary's.
 */
export function openReadPool(url: string, applicationName: string, options = ''): Pool {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    application_name: `${applicationName}-read`,
    ...(options ? { options } : {}),
  });
  // An idle connection that breaks (the replica restarted) is dropped by the pool; unhandled, the event would end the
  // process. The next read fails over to the primary (the caller's `isReplicaFailure`).
  pool.on('error', () => undefined);
  return pool;
}

/**
 * A replica's read that failed in a way the primary can answer: the replica is down, unreachable or out of
 * connections, or the statement was cancelled because replay had to remove rows it still needed (40001 on a hot
 * standby).
 */
export function isReplicaFailure(error: unknown): boolean {
  return isStoreUnavailable(error);
}
