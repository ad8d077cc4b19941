import { type ArgumentMetadata, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { ErrorCode, toFieldErrors } from '@souvenir/contracts';
import { cacheValidationMetadata, DomainError } from '@souvenir/platform';

/**
 * The validation pipe, with one shortcut: a request without a query string (Home's list, a first page of favourites
 * or conversations, every poll) has nothing in its query to check, so its query class is checked once, empty, and
 * each such request gets a copy of that result instead of class-transformer and class-validator walking the class's
 * rules again: they were a visible share of the gateway's CPU on read routes.
 */
class RequestValidationPipe extends ValidationPipe {
  /** Per query class: what an empty query becomes once transformed and validated (only when it is valid). */
  private readonly emptyQueries = new WeakMap<object, object>();

  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (metadata.type !== 'query' || !metatype || !isEmptyObject(value)) return super.transform(value, metadata);
    let empty = this.emptyQueries.get(metatype);
    if (!empty) {
      const checked: unknown = await super.transform({}, metadata);
      if (!checked || typeof checked !== 'object') return checked;
      empty = checked;
      this.emptyQueries.set(metatype, empty);
    }
    // A copy: a handler may change its query object.
    return Object.assign(Object.create(Object.getPrototypeOf(empty) as object | null) as object, empty);
  }
}

function isEmptyObject(value: unknown): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Reflect.ownKeys(value).length === 0;
}

/** Bodies and queries are checked with the contracts' classes; unknown fields are refused (400). */
export function requestValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new RequestValidationPipe({
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
