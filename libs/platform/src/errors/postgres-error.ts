/**
 * The Postgres error codes (SQLSTATE) the platform and the services act on, named once. The full list:
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export const SQLSTATE = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** A row lock not granted within the pool's lock_timeout. */
  lockNotAvailable: '55P03',
  tooManyConnections: '53300',
  adminShutdown: '57P01',
  crashShutdown: '57P02',
  cannotConnectNow: '57P03',
  invalidCatalogName: '3D000',
  duplicateDatabase: '42P04',
  duplicateSchema: '42P06',
} as const;

/** What the pg driver says about a refused statement; TypeORM's QueryFailedError copies these onto itself. */
export interface PostgresErrorFields {
  code: string;
  message: string;
  constraint?: string;
}

/** How deep to look through wrappers: TypeORM's `driverError`, an Error's `cause`. */
const MAX_DEPTH = 4;

type Wrapped = { code?: unknown; message?: unknown; constraint?: unknown; driverError?: unknown; cause?: unknown };

/** The error and the errors it wraps (TypeORM's `driverError`, `cause`), outermost first. */
export function* errorChain(error: unknown): Generator<Wrapped> {
  let e = error as Wrapped | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < MAX_DEPTH; depth++) {
    yield e;
    e = (e.driverError ?? e.cause) as Wrapped | undefined;
  }
}

/** SQLSTATE classes are 00–58, F0, HV, P0 and XX: no Node system error code (EPIPE, ECONNRESET) looks like one. */
const SQLSTATE_PATTERN = /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The first error in the chain that carries a SQLSTATE, raw from pg or wrapped by TypeORM. */
export function postgresError(error: unknown): PostgresErrorFields | undefined {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && SQLSTATE_PATTERN.test(e.code))
      return {
        code: e.code,
        message: String(e.message),
        ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
      };
  }
  return undefined;
}

/** The SQLSTATE of a Postgres error, or undefined for any other error. */
export function postgresErrorCode(error: unknown): string | undefined {
  return postgresError(error)?.code;
}

/** A unique index refused the write; with `constraint`, only that index's refusal counts. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = postgresError(error);
  return pg?.code === SQLSTATE.uniqueViolation && (constraint === undefined || pg.constraint === constraint);
}

/**
 * Postgres's data exceptions (SQLSTATE class 22: invalid_text_representation 22P02, numeric_value_out_of_range 22003,
 * datetime_field_overflow 22008, untranslatable_character 22P05, character_not_in_repertoire 22021, …): the
 * statement carried a value the column or cast cannot hold.
 */
export function postgresDataException(error: unknown): PostgresErrorFields | undefined {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code))
      return { code: e.code, message: String(e.message) };
  }
  return undefined;
}
