import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import type { Response } from 'express';
import { type HttpErrorBody, statusForCode } from './http-error';

const TWO_FACTOR_LOCKOUT_SECONDS = 15 * 60;

/** Turns anything thrown while handling a request into `{ statusCode, message, errors? }`. */
@Catch()
export class AllErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(error: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const body = toHttpError(error);
    if (body.statusCode >= 500 && body.statusCode !== 503)
      this.logger.error(error instanceof Error ? error.stack : String(error));
    // A service that slows a writer down (catalog's and messaging's new-account velocity) says when to come back.
    if (error instanceof DomainError && error.retryAfterSeconds !== undefined && !response.headersSent)
      response.setHeader('Retry-After', String(error.retryAfterSeconds));
    // identity's wrong-code lockout (TooManyAttempts) lasts up to its 15-minute window: say when to come back.
    if (body.statusCode === 429 && !response.headersSent && !response.getHeader('Retry-After'))
      response.setHeader('Retry-After', String(TWO_FACTOR_LOCKOUT_SECONDS));
    if (!response.headersSent) response.status(body.statusCode).json(body);
  }
}

export function toHttpError(error: unknown): HttpErrorBody {
  if (error instanceof DomainError) {
    return {
      statusCode: statusForCode(error.code),
      message: error.message,
      ...(error.errors?.length ? { errors: error.errors } : {}),
      ...(error.code === ErrorCode.TwoFactorRequired ? { twoFactorRequired: true as const } : {}),
    };
  }
  if (error instanceof HttpException) {
    const statusCode = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null && 'message' in response) {
      const { message, errors } = response as { message: unknown; errors?: HttpErrorBody['errors'] };
      return {
        statusCode,
        message: Array.isArray(message) ? String(message[0]) : String(message),
        ...(errors ? { errors } : {}),
      };
    }
    return { statusCode, message: String(response) };
  }
  // body-parser and express-session report through plain errors with a status.
  const status =
    (error as { status?: number; statusCode?: number } | null)?.status ??
    (error as { statusCode?: number } | null)?.statusCode;
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return { statusCode: 413, message: 'Request body is too large' };
  if (type === 'entity.parse.failed') return { statusCode: 400, message: 'Request body is not valid JSON' };
  if (typeof status === 'number' && status >= 400 && status < 500)
    return { statusCode: status, message: (error as Error).message };
  if (isStoreUnavailable(error))
    return { statusCode: 503, message: 'Service temporarily unavailable. Please try again.' };
  return { statusCode: 500, message: 'An error occurred' };
}

/** Redis (sessions, rate limits) unreachable: fail closed with 503, never as a guest. */
function isStoreUnavailable(error: unknown): boolean {
  const text = `${(error as Error | null)?.name ?? ''} ${(error as Error | null)?.message ?? ''}`;
  return /redis|ECONNREFUSED|Connection is closed|max retries|Command timed out|offline queue|Stream isn't writeable/i.test(
    text,
  );
}
