import type { ValidationError } from 'class-validator';
import type { FieldError } from '../rpc/error-code';

/**
 * Flattens class-validator errors to one message per field. The first decorator written above a property wins
 * (class-validator reports constraints bottom-up), so "required" rules placed first give the spec's message.
 */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    const own = messages.length ? [{ field, message: messages[messages.length - 1] }] : [];
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}
