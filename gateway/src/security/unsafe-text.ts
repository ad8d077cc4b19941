import type { NextFunction, Request, Response } from 'express';
import type { FieldError } from '@souvenir/contracts';

/**
 * A NUL character or an unpaired UTF-16 surrogate in a string, however deep in the JSON body, or in the query string
 * (keys too), is refused with 400 before anything else reads the request. Postgres cannot store either (text refuses
 * NUL, json and jsonb refuse a lone surrogate's escape), and no field of this API has a use for them; refused here
 * once, no service has to remember it field by field (docs/security.md). Path parameters are ids: one that
 * is not a UUID, NUL or not, is 404 like an unknown id (API.md, UuidPipe), and a path no route has stays 404.
 */
export function refuseUnsafeText() {
  return (req: Request, res: Response, next: NextFunction) => {
    const errors = [...unsafeIn(req.query, 'query'), ...unsafeIn(req.body, '')];
    if (!errors.length) return next();
    res.status(400).json({ statusCode: 400, message: errors[0].message, errors: errors.slice(0, 10) });
  };
}

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one (UTF-16 units). */
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Well-formed UTF-16 (no lone surrogate) without NUL (`String.prototype.isWellFormed` is ES2024, past our lib). */
export const isSafeText = (text: string): boolean => !UNSAFE.test(text);

const messageFor = (field: string) => `${field} must not contain NUL characters or unpaired surrogates`;

/**
 * Every string and key of a parsed body or query, walked without recursion (the depth limit has run, but a wide
 * body should not cost a stack frame per value either). Field names as the validation errors write them
 * (`guestInfo.email`, `images.0`, `query.search`); a bad key is named by its escaped JSON form.
 */
function unsafeIn(root: unknown, prefix: string): FieldError[] {
  const errors: FieldError[] = [];
  const stack: [unknown, string][] = [[root, prefix]];
  while (stack.length) {
    const [value, field] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isSafeText(value)) errors.push({ field: field || 'body', message: messageFor(field || 'The body') });
      continue;
    }
    // Raw bodies (the webhook's signed bytes) stay bytes: their signature is what is checked.
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    for (const [key, child] of Object.entries(value as object)) {
      const name = isSafeText(key) ? key : JSON.stringify(key).slice(1, -1);
      const path = field ? `${field}.${name}` : name;
      if (name !== key) errors.push({ field: path, message: messageFor(`The field name ${path}`) });
      stack.push([child, path]);
    }
  }
  return errors;
}
