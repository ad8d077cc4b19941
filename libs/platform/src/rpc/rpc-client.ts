import { Inject, Injectable } from '@nestjs/common';
import { type ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { firstValueFrom, timeout } from 'rxjs';
import { ErrorCode, isRpcErrorPayload, type RpcRequest, type RpcResponse, type RpcSubject } from '@souvenir/contracts';
import { DomainError } from './domain-error';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context';

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
    try {
      return await firstValueFrom(this.client.send<RpcResponse<S>>(subject, withRequestId(request)).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      if (isRpcErrorPayload(error)) throw new DomainError(error.code, error.message, error.errors);
      throw new DomainError(ErrorCode.Unavailable, `The ${subject.split('.')[0]} service is unavailable`);
    }
  }
}

/** Wraps the payload in a NATS record carrying the current request id (the gateway's or the calling handler's). */
function withRequestId(request: object): unknown {
  const requestId = currentRequestId();
  if (!requestId) return request;
  const h = natsHeaders();
  h.set(REQUEST_ID_HEADER, requestId);
  return new NatsRecordBuilder(request).setHeaders(h).build();
}
