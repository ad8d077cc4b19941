import { Logger } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload, RpcException } from '@nestjs/microservices';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  ErrorCode,
  RPC_REQUEST_TYPES,
  toFieldErrors,
  type RpcRequest,
  type RpcResponse,
  type RpcSubject,
} from '@souvenir/contracts';
import { DomainError } from './domain-error';
import { acceptableRequestId, REQUEST_ID_HEADER, runWithRequestId } from '../logging/request-context';
import { rpcHandleDuration, rpcHandledTotal } from '../metrics/metrics';
import { endSpan, extractTraceContext, SpanKind, startSpan, withActiveSpan } from '../tracing/tracing';

const logger = new Logger('RpcHandler');

/** Validates an inbound payload against its contract class; unknown fields are refused. */
export async function parsePayload<T extends object>(type: new () => T, payload: unknown): Promise<T> {
  if (typeof payload !== 'object' || payload === null) {
    throw new DomainError(ErrorCode.ValidationFailed, 'Invalid request');
  }
  const request = plainToInstance(type, payload);
  const errors = await validate(request, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
  if (errors.length) {
    const fieldErrors = toFieldErrors(errors).map((e) =>
      e.message.includes('should not exist') ? { ...e, message: `Unknown field: ${e.field}` } : e,
    );
    throw new DomainError(ErrorCode.ValidationFailed, fieldErrors[0]?.message ?? 'Invalid request', fieldErrors);
  }
  return request;
}

/** Converts whatever a handler threw into the closed set of error codes; unexpected errors are logged, not leaked. */
export function toRpcException(error: unknown): RpcException {
  if (error instanceof DomainError) return new RpcException(error.toPayload());
  const dataError = postgresDataError(error);
  if (dataError) {
    // A backstop, not the defence: validation (the gateway's text rule, the contracts' classes, the cursors' checks)
    // should have refused the value. Logged as a warning with the SQLSTATE so the missing check gets found.
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

/**
 * Connection errors, Postgres shutting down (57P0x) or out of connections (53300), and contention that a retry clears:
 * a row lock not granted within the pool's lock_timeout (55P03), a deadlock victim (40P01), a serialization failure
 * (40001). All are "try again" (503), never a bug (500).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '55P03',
  '40P01',
  '40001',
]);

/** Connection-level failures of Postgres (pg/TypeORM): refused, dropped, shutting down, too many connections (SQLSTATE 08xxx). */
function isStoreUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || /^08/.test(code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i.test(
        e.message,
      )
    )
      return true;
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return false;
}

export const INVALID_VALUE = 'A value in the request is malformed or out of range';

/**
 * Postgres's data exceptions (SQLSTATE class 22: invalid_text_representation 22P02, numeric_value_out_of_range 22003,
 * datetime_field_overflow 22008, untranslatable_character 22P05, character_not_in_repertoire 22021, …): the
 * request carried a value the column or cast cannot hold. The client's doing, so 400 rather than 500.
 */
function postgresDataError(error: unknown): { code: string; message: string } | undefined {
  for (
    let e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code))
      return { code: e.code, message: String(e.message) };
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return undefined;
}

type Handler<S extends RpcSubject> = (request: RpcRequest<S>) => Promise<RpcResponse<S>>;

/**
 * Serves a request/reply subject. The method's parameter and result must match the subject's contract
 * (a mismatch does not compile); the payload is validated against the contract class before the call.
 */
export function RpcHandler<S extends RpcSubject>(subject: S) {
  const requestType = RPC_REQUEST_TYPES[subject] as new () => object;
  return (target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<Handler<S>>): void => {
    const handle = descriptor.value!;
    descriptor.value = async function (this: unknown, payload: unknown, context?: unknown) {
      const headers = context instanceof NatsContext ? context.getHeaders() : undefined;
      const requestId = acceptableRequestId(headers?.get(REQUEST_ID_HEADER));
      // A server span, child of the caller's client span (its `traceparent` header); none when tracing is off.
      const parent = extractTraceContext(headers);
      const span = startSpan(
        subject,
        SpanKind.SERVER,
        { 'messaging.system': 'nats', 'messaging.destination.name': subject },
        parent,
      );
      // The whole handling runs in the request's context, so the per-request log line below carries its id
      // and the handler's own RPC calls are children of this span.
      return runWithRequestId(requestId, () =>
        withActiveSpan(
          span,
          async () => {
            const stopTimer = rpcHandleDuration.startTimer({ subject });
            const started = process.hrtime.bigint();
            let outcome = 'ok';
            try {
              const request = (await parsePayload(requestType, payload)) as RpcRequest<S>;
              return await handle.call(this, request);
            } catch (error) {
              const exception = toRpcException(error);
              outcome = (exception.getError() as { code?: string }).code ?? ErrorCode.Internal;
              throw exception;
            } finally {
              stopTimer();
              rpcHandledTotal.inc({ subject, outcome });
              // Debug, like the gateway's access line: LOG_LEVEL=debug follows one request id from the gateway into
              // every service it reached; at the default (info) production logs stay quiet.
              logger.debug({
                msg: 'rpc handled',
                subject,
                outcome,
                ms: Number(process.hrtime.bigint() - started) / 1e6,
              });
              // A refusal (validation, not found, forbidden) is a correct answer; only failures mark the span.
              endSpan(span, outcome === ErrorCode.Internal || outcome === ErrorCode.Unavailable ? outcome : undefined);
            }
          },
          parent,
        ),
      );
    } as Handler<S>;
    // Nest passes a handler only the arguments its parameter decorators ask for (by default the payload alone):
    // ask for the NATS context too, or the request id in its headers never reaches the handler.
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
    MessagePattern(subject)(target, key, descriptor);
  };
}
