import { errorChain, SQLSTATE } from './postgres-error';

/**
 * Connection errors, Postgres shutting down (57P0x) or out of connections (53300), and contention that a retry clears:
 * a row lock not granted within the pool's lock_timeout (55P03), a deadlock victim (40P01), a serialization failure
 * (40001). All are "try again" (503), never a bug (500).
 */
const UNAVAILABLE_CODES = new Set<string>([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  SQLSTATE.adminShutdown,
  SQLSTATE.crashShutdown,
  SQLSTATE.cannotConnectNow,
  SQLSTATE.tooManyConnections,
  SQLSTATE.lockNotAvailable,
  SQLSTATE.deadlockDetected,
  SQLSTATE.serializationFailure,
]);

/** What pg and pg-pool say when the connection drops or none is free in time (these errors carry no code). */
const CONNECTION_LOST =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;

/**
 * The store (Postgres through pg/TypeORM) is away or contended for now: refused, dropped, shutting down, too many
 * connections (SQLSTATE 08xxx and the codes above). A temporary outage, not a bug.
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || /^08/.test(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}
