import { ErrorCode, type FieldError, type RpcErrorPayload } from '@souvenir/contracts';

/** The one exception class a service throws for a rule it enforces; it travels to the gateway as its code. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** With TooManyAttempts: when the caller may try again (the gateway's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  toPayload(): RpcErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.errors?.length ? { errors: this.errors } : {}),
      ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
    };
  }

  static notFound(what: string) {
    return new DomainError(ErrorCode.NotFound, `${what} not found`);
  }
  static forbidden(message: string) {
    return new DomainError(ErrorCode.Forbidden, message);
  }
  static conflict(message: string) {
    return new DomainError(ErrorCode.Conflict, message);
  }
  /** 429: the caller writes faster than a rule allows; `retryAfterSeconds` says when to come back. */
  static slowedDown(message: string, retryAfterSeconds: number) {
    return new DomainError(ErrorCode.TooManyAttempts, message, undefined, retryAfterSeconds);
  }
}
