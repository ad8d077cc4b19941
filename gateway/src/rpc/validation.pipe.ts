import { ValidationPipe } from '@nestjs/common';
import { ErrorCode, toFieldErrors } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';

/** Bodies and queries are checked with the contracts' classes; unknown fields are refused (400). */
export function requestValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => {
      const fieldErrors = toFieldErrors(errors).map((e) =>
        e.message.includes('should not exist') ? { ...e, message: `Unknown field: ${e.field}` } : e,
      );
      return new DomainError(ErrorCode.ValidationFailed, fieldErrors[0]?.message ?? 'Invalid request', fieldErrors);
    },
  });
}
