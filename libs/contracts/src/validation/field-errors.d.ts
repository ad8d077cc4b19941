import type { ValidationError } from 'class-validator';
import type { FieldError } from '../rpc/error-code';
/**
 * Flattens class-validator errors to one message per field. The first decorator written above a property wins
 * (class-validator reports constraints bottom-up), so "required" rules placed first give the spec's message.
 */
export declare function toFieldErrors(errors: ValidationError[], parent?: string): FieldError[];
