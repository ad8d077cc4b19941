import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ErrorCode, toFieldErrors } from '@souvenir/contracts';
import { DomainError } from '../errors/domain-error';
import { cacheValidationMetadata } from './validation-metadata-cache';

// Every process that validates payloads (each service, and the gateway through this library) finds a class's rules once.
cacheValidationMetadata();

/**
 * Validates an inbound payload (a request or an event) against its contract class; unknown fields are refused.
 * A refusal is a DomainError (ValidationFailed) carrying one message per field.
 */
export async function parsePayload<T extends object>(type: new () => T, payload: unknown): Promise<T> {
  if (typeof payload !== 'object' || payload === null) {
    throw new DomainError(ErrorCode.ValidationFailed, 'Invalid request');
  }
  const request = plainToInstance(type, payload);
  const errors = await validate(request, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
  if (errors.length) {
    const fieldErrors = toFieldErrors(errors).map((e) =>
      e.message.includes('should not exist') ? { ...e, message: `Unknown field: ${e.field}` } : e,
    );
    throw new DomainError(ErrorCode.ValidationFailed, fieldErrors[0]?.message ?? 'Invalid request', fieldErrors);
  }
  return request;
}
