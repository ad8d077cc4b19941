import { Logger } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { ErrorCode, RPC_REQUEST_TYPES, type RpcRequest, type RpcResponse, type RpcSubject } from '@souvenir/contracts';
import { toRpcException } from '../errors/to-rpc-exception';
import { acceptableRequestId, REQUEST_ID_HEADER, runWithRequestId } from '../logging/request-context';
import { rpcHandleDuration, rpcHandledTotal } from '../metrics/metrics';
import { endSpan, extractTraceContext, SpanKind, startSpan, withActiveSpan } from '../tracing/tracing';
import { parsePayload } from '../validation/parse-payload';
import type { SerialisedJson } from './serialised-json';

const logger = new Logger('RpcHandler');

/** A handler answers its contract's response, or that response already in JSON (SerialisedJson). */
type Handler<S extends RpcSubject> = (
  request: RpcRequest<S>,
) => Promise<RpcResponse<S> | SerialisedJson<RpcResponse<S>>>;

/**
 * Serves a request/reply subject. The method's parameter and result must match the subject's contract
 * (a mismatch does not compile); the payload is validated against the contract class before the call.
 */
export function RpcHandler<S extends RpcSubject>(subject: S) {
  const requestType = RPC_REQUEST_TYPES[subject] as new () => object;
  return <H extends Handler<S>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
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
    } as H;
    // Nest passes a handler only the arguments its parameter decorators ask for (by default the payload alone):
    // ask for the NATS context too, or the request id in its headers never reaches the handler.
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
    MessagePattern(subject)(target, key, descriptor);
  };
}
