import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  Injectable,
  type OnApplicationShutdown,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { MESSAGES } from '@souvenir/contracts';
import { SESSION_COOKIE, SESSION_KEY_PREFIX } from '@souvenir/platform';
import type { Request } from 'express';
import { Redis } from 'ioredis';
import { MediaConfig } from '../config/media.config';

/**
 * Who is uploading: the gateway's session, read from its Redis store. Read-only (a GET: the gateway alone creates,
 * rolls and ends sessions), and only for a cookie signed with the gateway's SESSION_SECRET, in express-session's format
 * (`s:<id>.<base64 HMAC-SHA256 of the id, unpadded>`). The ingress routes uploads straight here, so the photo's bytes
 * never pass through the gateway's event loop and no second hop buffers them.
 */
@Injectable()
export class UploaderSession implements OnApplicationShutdown {
  readonly redis: Redis;
  private readonly absoluteMs: number;

  constructor(private readonly config: MediaConfig) {
    // As the gateway's client: no offline queue and a short timeout, so a Redis outage answers 503 at once.
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      commandTimeout: 2000,
      maxRetriesPerRequest: 1,
    });
    this.redis.on('error', () => undefined); // reconnects by itself; each request meanwhile answers 503
    this.absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  }

  /** The signed-in user's id; 401 with the spec's sentence for anybody else. */
  async userId(req: Request): Promise<string> {
    const sid = this.sessionId(req.headers.cookie);
    const data = sid
      ? await this.redis.get(SESSION_KEY_PREFIX + sid).catch(() => {
          throw new ServiceUnavailableException('Please try again in a moment.');
        })
      : null;
    const session = data ? (JSON.parse(data) as { userId?: string; signedInAt?: number }) : null;
    if (!session?.userId || (session.signedInAt && Date.now() - session.signedInAt > this.absoluteMs)) {
      throw new UnauthorizedException(MESSAGES.notSignedIn);
    }
    return session.userId;
  }

  private sessionId(header: string | undefined): string | null {
    const raw = header
      ?.split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
      ?.slice(SESSION_COOKIE.length + 1);
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!value.startsWith('s:')) return null;
    const dot = value.lastIndexOf('.');
    if (dot < 3) return null;
    const sid = value.slice(2, dot);
    const expected = Buffer.from(
      createHmac('sha256', this.config.SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, ''),
    );
    const given = Buffer.from(value.slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(given, expected) ? sid : null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
