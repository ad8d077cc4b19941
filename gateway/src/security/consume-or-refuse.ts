import { HttpException, HttpStatus } from '@nestjs/common';
import { MESSAGES } from '@souvenir/contracts';
import type { Response } from 'express';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** The 429 every limit answers: the spec's sentence, and when to come back (header and body). */
export function tooManyAttempts(res: Response, waitSeconds: number): HttpException {
  const retryAfterSeconds = Math.max(1, waitSeconds);
  res.setHeader('Retry-After', String(retryAfterSeconds));
  return new HttpException(
    { statusCode: 429, message: MESSAGES.tooManyAttempts, retryAfterSeconds },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

/**
 * Counts one attempt under `key`; past the limit throws the 429. Any other failure (Redis unreachable) is thrown as
 * it is, for the error filter to answer 503.
 */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, res: Response): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (result) {
    if (result instanceof RateLimiterRes) throw tooManyAttempts(res, Math.ceil(result.msBeforeNext / 1000));
    throw result;
  }
}
