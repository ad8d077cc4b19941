import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type { Redis } from 'ioredis';
import { SESSION_COOKIE, SESSION_KEY_PREFIX } from '@souvenir/platform';
import type { GatewayConfig } from '../config/gateway.config';
import type { SessionIndex } from './session-index';
import { signedInHint } from './signed-in-hint';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** Sign-in time (ms): the absolute lifetime counts from here. */
    signedInAt: number;
    /** What the sessions list shows: the device's browser, its address, when it was last seen (ms). */
    userAgent: string;
    ip: string;
    lastSeenAt: number;
    /** Set once identity said the address is verified (it cannot become unverified again). */
    emailVerified?: boolean;
  }
}

/**
 * Sessions in Redis. The cookie is HttpOnly and SameSite=Lax, Secure when the request came over HTTPS
 * (behind a trusted proxy). Each request restarts the session's idle lifetime in Redis (RollingRedisStore); the
 * cookie is written again only when the session changes, which "last seen" does at most once a minute, and it lives
 * that minute longer than the idle lifetime, so it never ends before the session does. Writing it on every answer
 * cost each signed-in request an HMAC and two Set-Cookie headers. The session is dropped after the absolute lifetime
 * whatever the activity.
 */
export function sessionMiddleware(config: GatewayConfig, redis: Redis): RequestHandler[] {
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  const store = new RollingRedisStore(redis, Math.ceil(idleMs / 1000));
  const sessions = session({
    name: SESSION_COOKIE,
    store,
    secret: config.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.TRUST_PROXY_HOPS > 0,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: idleMs + LAST_SEEN_STEP_MS, path: '/' },
  });
  // A read without our cookie (a guest browsing, a crawler) has no session to load, and the empty one
  // express-session would make for it is never saved (saveUninitialized: false); skipping it saves its per-request
  // work (random id, cookie object, hashing at the end), a visible share of the gateway's CPU for guests. Such
  // requests have no `req.session`: readers use `req.session?.userId`. Writes keep the middleware,
  // since sign-in and registration create the session.
  const sessionsWhenPresent = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !hasSessionCookie(req)) return next();
    sessions(req, res, next);
  };
  const absoluteExpiry = (req: Request, _res: Response, next: NextFunction) => {
    const signedInAt = req.session?.signedInAt;
    if (signedInAt && Date.now() - signedInAt > absoluteMs) return req.session.destroy((err) => next(err));
    next();
  };
  return [signedInHint(SESSION_COOKIE), sessionsWhenPresent, absoluteExpiry, lastSeen];
}

/** "Last seen" moves at most once a minute: a session is written back only when it changes. */
const LAST_SEEN_STEP_MS = 60_000;

function lastSeen(req: Request, _res: Response, next: NextFunction) {
  if (req.session?.userId && Date.now() - (req.session.lastSeenAt ?? 0) > LAST_SEEN_STEP_MS)
    req.session.lastSeenAt = Date.now();
  next();
}

/**
 * Reads a session and restarts its idle lifetime in one Redis command (GETEX), instead of a GET when the request
 * comes in and an EXPIRE ("touch") when it ends. express-session holds back the last byte of every response until
 * the touch is answered, so that second round trip cost each signed-in answer a Redis command, a second socket
 * write and an event-loop turn; `touch` is now answered at once. Sessions that are saved (sign-in, a change) are
 * written with the full idle lifetime by `set`, as before.
 */
export class RollingRedisStore extends RedisStore {
  constructor(
    private readonly redis: Redis,
    private readonly idleSeconds: number,
  ) {
    // A function, so that a saved session lives the idle lifetime, not the cookie's (a minute longer).
    super({ client: redis, prefix: SESSION_KEY_PREFIX, ttl: () => idleSeconds, disableTouch: true });
  }

  override async get(
    sid: string,
    cb?: (err: unknown, session?: SessionData | null) => void,
  ): Promise<SessionData | null | void> {
    let session: SessionData | null;
    try {
      const data = await this.redis.getex(this.prefix + sid, 'EX', this.idleSeconds);
      session = data ? await this.serializer.parse(data) : null;
    } catch (error) {
      return cb ? cb(error) : Promise.reject(error);
    }
    return cb ? cb(null, session) : session;
  }
}

function hasSessionCookie(req: Request): boolean {
  return req.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
}

/** New session id on sign-in (no fixation), holding the user id and the device; listed in the user's index. */
export async function signIn(req: Request, userId: string, index: SessionIndex): Promise<void> {
  const previous = req.session?.userId ? { userId: req.session.userId, sid: req.sessionID } : null;
  await new Promise<void>((resolve, reject) => {
    req.session.regenerate((error) => {
      if (error) return reject(error);
      const now = Date.now();
      req.session.userId = userId;
      req.session.signedInAt = now;
      req.session.lastSeenAt = now;
      req.session.userAgent = (req.get('user-agent') ?? '').slice(0, 512);
      req.session.ip = req.ip ?? '';
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    });
  });
  if (previous) await index.forget(previous.userId, previous.sid);
  await index.remember(userId, req.sessionID);
}

/** Deletes the session from Redis (and from its user's index) and expires the cookie. */
export async function signOut(req: Request, res: Response, index: SessionIndex): Promise<void> {
  res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
  if (!req.session) return;
  const { userId } = req.session;
  const sid = req.sessionID;
  await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
  if (userId) await index.forget(userId, sid);
}
