import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import { closeAfterAnswer } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { MediaBusyException } from './busy.exception';
import { TooManyUploadsException } from './uploads-in-flight';

/**
 * Media's HTTP answers in the API's error shape `{ statusCode, message }` (API.md), as the gateway answers: the public
 * paths (`POST /api/uploads`, `GET /media/<key>`) come straight from browsers, and Nest's own shape adds `error`, for
 * its refusals before any handler too (an unknown path, a key that is not valid percent-encoding, a body Nest's JSON
 * parser refuses). An unexpected throw does not show its text. Only the sentence is kept; a 429's wait is in its
 * Retry-After header. Its one RPC (the uploads list of a data export) answers as every service's do.
 *
 * An answer given before the request's body has all arrived (a refusal before or while reading an upload) closes the
 * connection without reading the rest (closeAfterAnswer).
 */
@Catch()
export class ApiErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  private readonly rpcErrors = new BaseRpcExceptionFilter();

  catch(error: unknown, host: ArgumentsHost) {
    if (host.getType() === 'rpc') return this.rpcErrors.catch(error, host);
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const body = toErrorBody(error);
    if (body.statusCode >= 500 && body.statusCode !== 503)
      this.logger.error(error instanceof Error ? error.stack : String(error));
    if (response.headersSent) return void response.destroy();
    if (error instanceof MediaBusyException || error instanceof TooManyUploadsException)
      response.setHeader('Retry-After', String(error.retryAfterSeconds));
    closeAfterAnswer(request, response);
    response.status(body.statusCode).json(body);
  }
}

export function toErrorBody(error: unknown): { statusCode: number; message: string } {
  if (!(error instanceof HttpException)) return { statusCode: 500, message: 'An error occurred' };
  const statusCode = error.getStatus();
  const answer = error.getResponse();
  const message =
    typeof answer === 'object' && answer !== null && 'message' in answer
      ? (answer as { message: unknown }).message
      : answer;
  return { statusCode, message: Array.isArray(message) ? String(message[0]) : String(message) };
}
