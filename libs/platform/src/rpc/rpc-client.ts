import { Inject, Injectable } from '@nestjs/common';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { ErrorCode, isRpcErrorPayload, type RpcRequest, type RpcResponse, type RpcSubject } from '@souvenir/contracts';
import { DomainError } from '../errors/domain-error';
import { NATS_CONNECTION } from '../nats/nats-connection';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context';
import { endSpan, injectTraceContext, SpanKind, startSpan, tracingEnabled, withActiveSpan } from '../tracing/tracing';

export const RPC_TIMEOUT_MS = Symbol('RPC_TIMEOUT_MS');

/** What a service's Nest NATS server answers: the handler's value, or the error it threw. */
interface ServerReply {
  response?: unknown;
  err?: unknown;
}

/**
 * Typed request/reply over NATS: a wrong payload for a subject does not compile.
 *
 * Services answer with Nest's NATS server, so requests are Nest's packets (`{ pattern, data, id }` in JSON, the
 * request id and trace context in NATS headers) and replies are `{ response }` or `{ err }`. They are sent with
 * nats.js's own `request`, which receives every reply of the connection on one wildcard subscription. Nest's
 * NATS client subscribed and unsubscribed a new reply subject for every request: two more protocol operations
 * per call for this process and for the NATS server, which rewrites its subscription table for each.
 */
@Injectable()
export class RpcClient {
  private sent = 0;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(RPC_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  /** Sends a request; a service's domain error comes back as a DomainError, silence or absence as Unavailable. */
  async send<S extends RpcSubject>(subject: S, request: RpcRequest<S>): Promise<RpcResponse<S>> {
    // A client span per request (none when tracing is off), active while the headers are written so the
    // service's server span becomes its child.
    const span = startSpan(subject, SpanKind.CLIENT, {
      'messaging.system': 'nats',
      'messaging.destination.name': subject,
    });
    let failure: string | undefined;
    try {
      // Nest's server needs a packet id to answer (without one it takes the message for an event); the reply
      // subject, not the id, pairs the answer with this request.
      const packet = JSON.stringify({ pattern: subject, data: request, id: String(++this.sent) });
      const reply = await withActiveSpan(span, () =>
        this.nc.request(subject, packet, { timeout: this.timeoutMs, headers: requestHeaders() }),
      );
      const { response, err } = reply.json<ServerReply>();
      if (err !== undefined && err !== null) throw err;
      return response as RpcResponse<S>;
    } catch (error) {
      // Domain errors keep their code; a timeout, no responder, an empty or unreadable reply or Nest's own errors
      // (no handler for the subject) all mean the service cannot answer now.
      const domainError = isRpcErrorPayload(error)
        ? new DomainError(error.code, error.message, error.errors, error.retryAfterSeconds)
        : new DomainError(ErrorCode.Unavailable, `The ${subject.split('.')[0]} service is unavailable`);
      failure = domainError.code;
      throw domainError;
    } finally {
      endSpan(span, failure);
    }
  }
}

/** The current request id (the gateway's or the calling handler's) and, when tracing is on, the active span. */
function requestHeaders(): MsgHdrs | undefined {
  const requestId = currentRequestId();
  if (!requestId && !tracingEnabled()) return undefined;
  const h = natsHeaders();
  if (requestId) h.set(REQUEST_ID_HEADER, requestId);
  injectTraceContext(h);
  return h;
}
