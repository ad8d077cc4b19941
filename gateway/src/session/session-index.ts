import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SessionDto } from '@souvenir/contracts';
import { SESSION_KEY_PREFIX } from '@souvenir/platform';
import type { SessionData } from 'express-session';
import type { Redis } from 'ioredis';
import { GatewayConfig } from '../config/gateway.config';
import { REDIS } from '../redis.provider';
import { describeBrowser } from './describe-browser';
import { maskIp } from './mask-ip';

/** `sess-index:<user id>`: a hash of the user's sessions, public id → session id. */
const INDEX_PREFIX = 'sess-index:';

/**
 * Each user's signed-in sessions, so they can be listed and ended one by one or all at once. The sessions
 * themselves stay where express-session keeps them (`sess:<sid>`, expiring by idleness); the index only points at
 * them and is pruned of those that expired whenever it is read. The session id is the cookie's secret value, so the
 * API names a session by a hash of it instead.
 */
@Injectable()
export class SessionIndex {
  private readonly indexSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: GatewayConfig,
  ) {
    this.indexSeconds = config.SESSION_ABSOLUTE_HOURS * 3600;
  }

  /** A session id as the API shows it: not the cookie's value, and not reversible to it. */
  static publicId(sid: string): string {
    return createHash('sha256').update(sid).digest('base64url').slice(0, 22);
  }

  async remember(userId: string, sid: string): Promise<void> {
    const key = INDEX_PREFIX + userId;
    await this.redis.multi().hset(key, SessionIndex.publicId(sid), sid).expire(key, this.indexSeconds).exec();
  }

  async forget(userId: string, sid: string): Promise<void> {
    await this.redis.hdel(INDEX_PREFIX + userId, SessionIndex.publicId(sid));
  }

  /** The user's live sessions, the most recently seen first. */
  async list(userId: string, currentSid: string): Promise<SessionDto[]> {
    const entries = await this.live(userId);
    return entries
      .map(({ sid, data }) => toSessionDto(sid, data, sid === currentSid))
      .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Ends one session of the user's; false when it is not (or no longer) theirs. */
  async revoke(userId: string, publicId: string): Promise<boolean> {
    const key = INDEX_PREFIX + userId;
    const sid = await this.redis.hget(key, publicId);
    if (!sid) return false;
    const [[, deleted]] = (await this.redis
      .multi()
      .del(SESSION_KEY_PREFIX + sid)
      .hdel(key, publicId)
      .exec())! as [[Error | null, number]];
    return deleted === 1;
  }

  /** Ends every session of the user's, or every one but `keepSid` (the caller's own). */
  async revokeAll(userId: string, keepSid?: string): Promise<void> {
    const key = INDEX_PREFIX + userId;
    const index = await this.redis.hgetall(key);
    const ending = Object.entries(index).filter(([, sid]) => sid !== keepSid);
    if (ending.length === 0) return;
    await this.redis
      .multi()
      .del(...ending.map(([, sid]) => SESSION_KEY_PREFIX + sid))
      .hdel(key, ...ending.map(([publicId]) => publicId))
      .exec();
  }

  /** The sessions the index names that still exist; the others (expired) are dropped from it. */
  private async live(userId: string): Promise<{ sid: string; data: SessionData }[]> {
    const key = INDEX_PREFIX + userId;
    const index = await this.redis.hgetall(key);
    const sids = Object.values(index);
    if (sids.length === 0) return [];
    const stored = await this.redis.mget(...sids.map((sid) => SESSION_KEY_PREFIX + sid));
    const live: { sid: string; data: SessionData }[] = [];
    const gone: string[] = [];
    sids.forEach((sid, i) => {
      const data = parse(stored[i]);
      // A session is listed only while it is this user's (an id reused after sign-out would not be).
      if (data?.userId === userId) live.push({ sid, data });
      else gone.push(SessionIndex.publicId(sid));
    });
    if (gone.length) await this.redis.hdel(key, ...gone);
    return live;
  }
}

function parse(json: string | null): SessionData | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as SessionData;
  } catch {
    return null;
  }
}

function toSessionDto(sid: string, data: SessionData, current: boolean): SessionDto {
  const createdAt = new Date(data.signedInAt ?? 0).toISOString();
  return {
    id: SessionIndex.publicId(sid),
    current,
    createdAt,
    lastSeenAt: data.lastSeenAt ? new Date(data.lastSeenAt).toISOString() : createdAt,
    userAgent: data.userAgent ?? '',
    browser: describeBrowser(data.userAgent ?? ''),
    ip: maskIp(data.ip ?? ''),
  };
}
