import { ErrorCode, type FieldError, type RpcErrorPayload } from '@souvenir/contracts';

/** The one exception class a service throws for a rule it enforces; it travels to the gateway as its code. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }

  toPayload(): RpcErrorPayload {
    return { code: this.code, message: this.message, ...(this.errors?.length ? { errors: this.errors } : {}) };
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
}
