import { Inject, Injectable } from '@nestjs/common';
import { type ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { firstValueFrom, timeout } from 'rxjs';
import { ErrorCode, isRpcErrorPayload, type RpcRequest, type RpcResponse, type RpcSubject } from '@souvenir/contracts';
import { DomainError } from './domain-error';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context';
import { endSpan, injectTraceContext, SpanKind, startSpan, tracingEnabled, withActiveSpan } from '../tracing/tracing';

export const NATS_RPC_CLIENT = Symbol('NATS_RPC_CLIENT');
export const RPC_TIMEOUT_MS = Symbol('RPC_TIMEOUT_MS');

/** Typed request/reply over NATS: a wrong payload for a subject does not compile. */
@Injectable()
export class RpcClient {
  constructor(
    @Inject(NATS_RPC_CLIENT) private readonly client: ClientProxy,
    @Inject(RPC_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  /** Sends a request; a service's domain error comes back as a DomainError, silence or absence as Unavailable. */
  async send<S extends RpcSubject>(subject: S, request: RpcRequest<S>): Promise<RpcResponse<S>> {
    // A client span per request (none when tracing is off), active while the headers are written so the
    // service's server span becomes its child.
    const span = startSpan(subject, SpanKind.CLIENT, { 'messaging.system': 'nats', 'messaging.destination.name': subject });
    let failure: string | undefined;
    try {
      return await withActiveSpan(span, () =>
        firstValueFrom(this.client.send<RpcResponse<S>>(subject, withRequestContext(request)).pipe(timeout(this.timeoutMs))));
    } catch (error) {
      const domainError = isRpcErrorPayload(error)
        ? new DomainError(error.code, error.message, error.errors)
        : new DomainError(ErrorCode.Unavailable, `The ${subject.split('.')[0]} service is unavailable`);
      failure = domainError.code;
      throw domainError;
    } finally {
      endSpan(span, failure);
    }
  }
}

/**
 * Wraps the payload in a NATS record carrying the current request id (the gateway's or the calling handler's)
 * and, when tracing is on, the active span's `traceparent`.
 */
function withRequestContext(request: object): unknown {
  const requestId = currentRequestId();
  if (!requestId && !tracingEnabled()) return request;
  const h = natsHeaders();
  if (requestId) h.set(REQUEST_ID_HEADER, requestId);
  injectTraceContext(h);
  return new NatsRecordBuilder(request).setHeaders(h).build();
}
