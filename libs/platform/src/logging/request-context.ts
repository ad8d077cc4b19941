import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The NATS header (and HTTP header) that carries a request's id from the gateway through every service. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` with a request id that the JSON logger adds to every line and RpcClient forwards in NATS headers. */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return storage.run({ requestId: requestId || randomUUID() }, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Accepts a caller's id only if it is short and plain (it ends up in logs and headers). */
export function acceptableRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}
