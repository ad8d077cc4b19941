import { ForbiddenException, HttpException, HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { MESSAGES } from '@souvenir/contracts';
import { foreignOriginRule } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MediaConfig } from '../config/media.config';
import { UploaderSession } from './uploader-session';

/**
 * The gateway's rules for a write, applied here because uploads do not pass through it: a foreign Origin is refused
 * (CSRF; a multipart body is the one non-JSON write, and only same-origin pages can send it with the cookie), and each
 * user's uploads are counted in Redis under the gateway's own key (`rl:write:uploads`, WRITE_LIMIT_UPLOADS).
 */
@Injectable()
export class UploadRules implements OnModuleInit {
  private readonly isForeign: (origin: string | undefined, ownOrigin: string) => boolean;
  private readonly limiter: RateLimiterRedis;

  constructor(
    private readonly config: MediaConfig,
    private readonly adapterHost: HttpAdapterHost,
    session: UploaderSession,
  ) {
    this.isForeign = foreignOriginRule(config.ALLOWED_ORIGINS);
    const [points, duration] = config.WRITE_LIMIT_UPLOADS.split('/').map(Number) as [number, number];
    this.limiter = new RateLimiterRedis({
      storeClient: session.redis,
      useRedisPackage: false,
      keyPrefix: 'rl:write:uploads',
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: 'rl:write:uploads', points, duration }),
    });
  }

  /** Behind the ingress, the request's own protocol (for the Origin rule) is the one the trusted proxies forwarded. */
  onModuleInit(): void {
    this.adapterHost.httpAdapter?.getInstance().set('trust proxy', this.config.TRUST_PROXY_HOPS);
  }

  checkOrigin(req: Request): void {
    if (this.isForeign(req.get('origin'), `${req.protocol}://${req.get('host')}`)) {
      throw new ForbiddenException('Cross-site request refused');
    }
  }

  async countUpload(userId: string, res: Response): Promise<void> {
    try {
      await this.limiter.consume(`user:${userId}`);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      const retryAfterSeconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(retryAfterSeconds));
      throw new HttpException(
        { statusCode: 429, message: MESSAGES.tooManyAttempts, retryAfterSeconds },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
