import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { MESSAGES } from '@souvenir/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config/gateway.config';

/** Login and registration limits, counted in Redis so every gateway replica shares them. */
@Injectable()
export class RateLimits {
  private readonly loginPerIp: RateLimiterRedis;
  private readonly loginPerAccount: RateLimiterRedis;
  private readonly registerPerIp: RateLimiterRedis;

  constructor(redis: Redis, config: GatewayConfig) {
    const duration = config.RATE_LIMIT_WINDOW_SECONDS;
    const common = { storeClient: redis, duration, useRedisPackage: false } as const;
    this.loginPerIp = new RateLimiterRedis({ ...common, keyPrefix: 'rl:login:ip', points: config.LOGIN_MAX_PER_IP });
    this.loginPerAccount = new RateLimiterRedis({ ...common, keyPrefix: 'rl:login:account', points: config.LOGIN_MAX_PER_ACCOUNT });
    this.registerPerIp = new RateLimiterRedis({ ...common, keyPrefix: 'rl:register:ip', points: config.REGISTER_MAX_PER_IP });
  }

  async login(ip: string, username: string): Promise<void> {
    await consume(this.loginPerIp, ip);
    await consume(this.loginPerAccount, username.trim().toLowerCase());
  }

  /** A successful sign-in clears the account's failed attempts. */
  async loginSucceeded(username: string): Promise<void> {
    await this.loginPerAccount.delete(username.trim().toLowerCase());
  }

  register(ip: string): Promise<void> {
    return consume(this.registerPerIp, ip);
  }
}

async function consume(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (result) {
    if (result instanceof RateLimiterRes) {
      throw new HttpException(
        { statusCode: 429, message: MESSAGES.tooManyAttempts, retryAfterSeconds: Math.ceil(result.msBeforeNext / 1000) },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    throw result; // Redis unreachable: the error filter answers 503.
  }
}
