import { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ErrorCode } from '@souvenir/contracts';
import { DomainError } from './domain-error';
import { isStoreUnavailable } from './outage';
import { postgresDataException } from './postgres-error';

const logger = new Logger('RpcHandler');

export const INVALID_VALUE = 'A value in the request is malformed or out of range';

/** Converts whatever a handler threw into the closed set of error codes; unexpected errors are logged, not leaked. */
export function toRpcException(error: unknown): RpcException {
  if (error instanceof DomainError) return new RpcException(error.toPayload());
  const dataError = postgresDataException(error);
  if (dataError) {
    // A backstop, not the defence: validation (the gateway's text rule, the contracts' classes, the cursors' checks)
    // should have refused the value. The client's doing, so 400 rather than 500; logged as a warning with the
    // SQLSTATE so the missing check gets found.
    logger.warn(`postgres refused a value (SQLSTATE ${dataError.code}): ${dataError.message}`);
    return new RpcException({ code: ErrorCode.ValidationFailed, message: INVALID_VALUE });
  }
  if (isStoreUnavailable(error)) {
    // The database (or another store) is away: a temporary outage (503), not a bug (500).
    logger.warn(`store unavailable: ${(error as Error).message}`);
    return new RpcException({
      code: ErrorCode.Unavailable,
      message: 'Service temporarily unavailable. Please try again.',
    });
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return new RpcException({ code: ErrorCode.Internal, message: 'An error occurred' });
}
