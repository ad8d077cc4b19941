import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { ErrorCode, isRpcErrorPayload, type RpcRequest, type RpcResponse, type RpcSubject } from '@souvenir/contracts';
import { DomainError } from './domain-error';

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
      return await firstValueFrom(this.client.send<RpcResponse<S>, RpcRequest<S>>(subject, request).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      if (isRpcErrorPayload(error)) throw new DomainError(error.code, error.message, error.errors);
      throw new DomainError(ErrorCode.Unavailable, `The ${subject.split('.')[0]} service is unavailable`);
    }
  }
}
