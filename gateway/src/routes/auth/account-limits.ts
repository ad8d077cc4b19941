import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { REDIS } from '../../redis.provider';
import { consumeOrRefuse } from '../../security/consume-or-refuse';

const HOUR = 3600;

/**
 * Limits of the account's mailed links and password checks (so nobody floods an inbox or guesses a password), counted in Redis so every replica shares them.
 * Counted whether or not an address is someone's, so a 429 tells nothing about it either.
 */
const LIMITS = {
  /** Reset mails to one address: a few, so nobody can fill someone's inbox. */
  resetPerAddress: { points: 3, duration: HOUR },
  /** Reset requests from one client address, over every e-mail address. */
  resetPerIp: { points: 20, duration: HOUR },
  /** Tokens tried from one client address (256-bit tokens cannot be guessed; this keeps floods off identity). */
  tokensPerIp: { points: 30, duration: 15 * 60 },
  /** New verification links for one account. */
  resendPerUser: { points: 3, duration: HOUR },
  /** Current-password checks (change password or e-mail) by one account: a stolen session cannot guess it. */
  passwordChecksPerUser: { points: 10, duration: HOUR },
  /**
   * Two-step codes sent from one client address (sign-in, set-up, turning off, payout changes): a million codes cannot
   * be walked through. identity also stops checking an account's codes after a few wrong ones.
   */
  codesPerIp: { points: 30, duration: 15 * 60 },
  /** Two-step requests by one signed-in account (a stolen session cannot guess a code to turn it off). */
  codesPerUser: { points: 20, duration: 15 * 60 },
} as const;

export type AccountLimit = keyof typeof LIMITS;

@Injectable()
export class AccountLimits {
  private readonly limiters: Record<AccountLimit, RateLimiterRedis>;

  constructor(@Inject(REDIS) redis: Redis) {
    const limiter = (name: AccountLimit) =>
      new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: false,
        keyPrefix: `rl:account:${name}`,
        ...LIMITS[name],
      });
    this.limiters = {
      resetPerAddress: limiter('resetPerAddress'),
      resetPerIp: limiter('resetPerIp'),
      tokensPerIp: limiter('tokensPerIp'),
      resendPerUser: limiter('resendPerUser'),
      passwordChecksPerUser: limiter('passwordChecksPerUser'),
      codesPerIp: limiter('codesPerIp'),
      codesPerUser: limiter('codesPerUser'),
    };
  }

  /** Counts one attempt; 429 with Retry-After past the limit. */
  async consume(name: AccountLimit, key: string, res: Response): Promise<void> {
    await consumeOrRefuse(this.limiters[name], key, res);
  }
}
