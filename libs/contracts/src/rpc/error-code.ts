/** The closed set of domain error codes that travel from services to the gateway. */
export enum ErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  /** The password was right but two-step sign-in wants a code (none, or a wrong one): 401 `twoFactorRequired`. */
  TwoFactorRequired = 'TWO_FACTOR_REQUIRED',
  /** Too many wrong codes for one account lately: 429. */
  TooManyAttempts = 'TOO_MANY_ATTEMPTS',
  Unavailable = 'UNAVAILABLE',
  Internal = 'INTERNAL',
}

export interface FieldError {
  field: string;
  message: string;
}

/** The error body a service answers with over NATS. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
  /** With a 429: when to try again (the gateway's Retry-After). */
  retryAfterSeconds?: number;
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(ErrorCode).includes((value as RpcErrorPayload).code) &&
    typeof (value as RpcErrorPayload).message === 'string'
  );
}
