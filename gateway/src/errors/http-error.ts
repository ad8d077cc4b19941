import { ErrorCode, type FieldError } from '@souvenir/contracts';

/** The error body of every failed call (API.md). */
export interface HttpErrorBody {
  statusCode: number;
  message: string;
  errors?: FieldError[];
  /** The password was right and two-step sign-in wants a code (API.md: 401 `{ twoFactorRequired: true }`). */
  twoFactorRequired?: true;
}

/** Every domain error code has an HTTP status; a new code that nobody maps does not compile. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.ValidationFailed:
      return 400;
    case ErrorCode.Unauthenticated:
    case ErrorCode.TwoFactorRequired:
      return 401;
    case ErrorCode.Forbidden:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.TooManyAttempts:
      return 429;
    case ErrorCode.Unavailable:
      return 503;
    case ErrorCode.Internal:
      return 500;
    default: {
      const unmapped: never = code;
      throw new Error(`Unmapped error code ${String(unmapped)}`);
    }
  }
}
