import { Inject, Injectable } from '@nestjs/common';
import {
  createInbox,
  headers as natsHeaders,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
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

/** A request waiting for its reply: settled by the reply, by silence at its deadline, or by the connection closing. */
interface Pending {
  resolve: (msg: Msg) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Why a request got no reply; RpcClient turns any of them into Unavailable. */
class NoReply extends Error {}

/**
 * Typed request/reply over NATS: a wrong payload for a subject does not compile.
 *
 * Services answer with Nest's NATS server, so requests are Nest's packets (`{ pattern, data, id }` in JSON, the
 * request id and trace context in NATS headers) and replies are `{ response }` or `{ err }`. Every reply of the
 * process comes in on one wildcard subscription under the connection's inbox prefix (the only inbox its NATS user
 * may read), and is paired with its request by the last token of its subject. Nest's NATS client subscribed and
 * unsubscribed a new reply subject for every request (two more protocol operations per call for this process and
 * for the NATS server); nats.js's own `request` shares one subscription too, but builds an Error with a stack for
 * every request it completes (it rejects the already-settled promise as "cancelled"), a race of two promises and a
 * random token: a visible share of the gateway's CPU per request, and nothing of it is read.
 */
@Injectable()
export class RpcClient {
  private sent = 0;
  private readonly pending = new Map<string, Pending>();
  private inbox?: { prefix: string; subscription: Subscription };

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(RPC_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  /** Sends a request; a service's domain error comes back as a DomainError, silence or absence as Unavailable. */
  send<S extends RpcSubject>(subject: S, request: RpcRequest<S>): Promise<RpcResponse<S>> {
    return this.call(subject, request, (reply) => {
      const { response, err } = reply.json<ServerReply>();
      if (err !== undefined && err !== null) throw err;
      return response as RpcResponse<S>;
    });
  }

  /**
   * As `send`, but answers the response as the service wrote it in JSON, not parsed: for a caller that passes it on
   * unchanged (an HTTP answer), which then neither parses nor writes it again. The text is what `JSON.stringify`
   * makes of the response `send` answers.
   */
  sendSerialised<S extends RpcSubject>(subject: S, request: RpcRequest<S>): Promise<string> {
    return this.call(subject, request, (reply) => {
      const text = reply.string();
      const response = responseText(text);
      if (response !== undefined) return response;
      // Anything else (an error, a packet laid out otherwise): read it whole.
      const { response: value, err } = JSON.parse(text) as ServerReply;
      if (err !== undefined && err !== null) throw err;
      return JSON.stringify(value);
    });
  }

  private async call<T>(subject: RpcSubject, request: unknown, read: (reply: Msg) => T): Promise<T> {
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
      const id = (++this.sent).toString(36);
      const packet = JSON.stringify({ pattern: subject, data: request, id });
      return read(await withActiveSpan(span, () => this.request(subject, id, packet)));
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

  /** Publishes `packet` with a reply subject of this client's inbox and waits for the reply, at most the timeout. */
  private request(subject: string, token: string, packet: string): Promise<Msg> {
    const prefix = this.replyPrefix();
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(token)?.reject(new NoReply('timeout')), this.timeoutMs);
      this.pending.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, packet, { reply: prefix + token, headers: requestHeaders() });
      } catch (error) {
        this.settle(token);
        reject(error as Error);
      }
    });
  }

  /**
   * The reply subjects' prefix, subscribed on first use. The subscription survives reconnects and ends with the
   * connection (drained with it at shutdown, so requests in flight still get their replies).
   */
  private replyPrefix(): string {
    if (this.inbox && !this.inbox.subscription.isClosed()) return this.inbox.prefix;
    // The connection's own inbox prefix: its NATS user may subscribe under it and nowhere else.
    const { options } = this.nc as NatsConnection & { options?: { inboxPrefix?: string } };
    const prefix = `${createInbox(options?.inboxPrefix)}.`;
    const subscription = this.nc.subscribe(`${prefix}*`, {
      callback: (error, msg) => {
        if (error || !msg.subject.startsWith(prefix)) return;
        const waiting = this.settle(msg.subject.slice(prefix.length));
        if (!waiting) return; // late: the request timed out
        // The server's "no responders" status: nobody serves the subject now.
        if (msg.data.length === 0 && msg.headers?.code === 503) waiting.reject(new NoReply('no responders'));
        else waiting.resolve(msg);
      },
    });
    // Closed with the connection: nothing will answer the requests still waiting.
    void subscription.closed.then(() => {
      for (const token of [...this.pending.keys()]) this.settle(token)?.reject(new NoReply('connection closed'));
    });
    this.inbox = { prefix, subscription };
    return prefix;
  }

  private settle(token: string): Pending | undefined {
    const waiting = this.pending.get(token);
    if (!waiting) return undefined;
    this.pending.delete(token);
    clearTimeout(waiting.timer);
    return waiting;
  }
}

const RESPONSE_HEAD = '{"response":';
const PACKET_TAIL = ',"isDisposed":true,"id":"';

/**
 * The response's JSON inside a Nest reply packet as Nest's server writes it, `{"response":…,"isDisposed":true,
 * "id":"…"}`, without parsing it; undefined for any other packet. The tail's quotes cannot occur unescaped inside a
 * string of the response, and the packet's own tail is its last bytes, so the cut is exact.
 */
function responseText(packet: string): string | undefined {
  if (!packet.startsWith(RESPONSE_HEAD) || !packet.endsWith('"}')) return undefined;
  const tail = packet.lastIndexOf(PACKET_TAIL);
  if (tail < RESPONSE_HEAD.length) return undefined;
  const id = packet.slice(tail + PACKET_TAIL.length, -2);
  if (id.includes('"') || id.includes('\\')) return undefined;
  return packet.slice(RESPONSE_HEAD.length, tail);
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
