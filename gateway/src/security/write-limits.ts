import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config/gateway.config';
import { consumeOrRefuse } from './consume-or-refuse';

/**
 * The kinds of writes that are limited, each with its configuration key (`count/seconds`, docs/security.md
 * "Write limits"). `uploads` has no route yet: the photo upload route (API.md) takes `@WriteLimit('uploads')`.
 */
export const WRITE_LIMIT_KEYS = {
  messages: 'WRITE_LIMIT_MESSAGES',
  listings: 'WRITE_LIMIT_LISTINGS',
  favourites: 'WRITE_LIMIT_FAVOURITES',
  paymentIntents: 'WRITE_LIMIT_PAYMENT_INTENTS',
  uploads: 'WRITE_LIMIT_UPLOADS',
  orders: 'WRITE_LIMIT_ORDERS',
  dataExports: 'WRITE_LIMIT_DATA_EXPORTS',
  unsubscribes: 'WRITE_LIMIT_UNSUBSCRIBES',
  reports: 'WRITE_LIMIT_REPORTS',
  blocks: 'WRITE_LIMIT_BLOCKS',
  offers: 'WRITE_LIMIT_OFFERS',
  savedSearches: 'WRITE_LIMIT_SAVED_SEARCHES',
} as const satisfies Record<string, keyof GatewayConfig>;

export type WriteLimitName = keyof typeof WRITE_LIMIT_KEYS;

/** `30/60` → 30 writes per 60 seconds (the config class has already checked the shape). */
export function parseWriteLimit(value: string): { points: number; duration: number } {
  const [points, duration] = value.split('/').map(Number);
  return { points: points!, duration: duration! };
}

/**
 * Per-user write counters in Redis, so every gateway replica shares them; a guest (payment intents) is counted by
 * client IP (`trust proxy` decides which address that is). A write over its limit answers 429 with `Retry-After`.
 */
@Injectable()
export class WriteLimits {
  private readonly limiters: Record<WriteLimitName, RateLimiterRedis>;

  constructor(redis: Redis, config: GatewayConfig) {
    // While Redis is unreachable each replica counts in memory instead (the library's insurance limiter): a guest's
    // checkout, which needs no session, keeps working then, and writes stay limited per replica.
    const limiter = (name: WriteLimitName) => {
      const limit = parseWriteLimit(config[WRITE_LIMIT_KEYS[name]]);
      return new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: false,
        keyPrefix: `rl:write:${name}`,
        ...limit,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:write:${name}`, ...limit }),
      });
    };
    this.limiters = {
      messages: limiter('messages'),
      listings: limiter('listings'),
      favourites: limiter('favourites'),
      paymentIntents: limiter('paymentIntents'),
      uploads: limiter('uploads'),
      orders: limiter('orders'),
      dataExports: limiter('dataExports'),
      unsubscribes: limiter('unsubscribes'),
      reports: limiter('reports'),
      blocks: limiter('blocks'),
      offers: limiter('offers'),
      savedSearches: limiter('savedSearches'),
    };
  }

  /** Counts one write by `actor` (`user:<id>` or `ip:<address>`); throws 429 (with Retry-After set on `res`) past the limit. */
  async consume(name: WriteLimitName, actor: string, res: Response): Promise<void> {
    await consumeOrRefuse(this.limiters[name], actor, res);
  }
}

const WRITE_LIMIT = 'souvenir:write-limit';

/**
 * Runs after the route's AuthGuard when placed above `@UseGuards(AuthGuard)` (or with AuthGuard on the class), so a
 * refused guest is not counted against an IP for a write it could never make. Guards run before pipes: a flood is
 * refused before its body is validated or any service is asked.
 */
@Injectable()
export class WriteLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: WriteLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const name = this.reflector.get<WriteLimitName | undefined>(WRITE_LIMIT, context.getHandler());
    if (!name) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const userId = req.session?.userId;
    await this.limits.consume(
      name,
      userId ? `user:${userId}` : `ip:${req.ip ?? 'unknown'}`,
      http.getResponse<Response>(),
    );
    return true;
  }
}

/** Limits the route's writes per user (per IP for guests) by the named limit of the configuration. */
export const WriteLimit = (name: WriteLimitName) =>
  applyDecorators(SetMetadata(WRITE_LIMIT, name), UseGuards(WriteLimitGuard));
