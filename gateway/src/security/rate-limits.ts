import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../config/gateway.config';
import { consumeOrRefuse, tooManyAttempts } from './consume-or-refuse';
import { FailureBackoff, type Reservation } from './failure-backoff';
import { KnownClients } from './known-clients';

/**
 * Sign-in and registration limits, counted in Redis so every gateway replica shares them.
 *
 * Sign-in counts failures, not attempts, and slows down instead of locking out. Three counts, each with its own
 * backoff (FailureBackoff): per account and client IP (an attacker's guesses slow only that attacker: the owner
 * signs in from anywhere else), per client IP over all accounts (one machine spraying many accounts), and per
 * account over every client address that has not signed in to it lately (guesses spread over many addresses; the
 * owner at an address they signed in from before is not slowed by them, see KnownClients).
 */
@Injectable()
export class RateLimits {
  private readonly perClient: FailureBackoff;
  private readonly perIp: FailureBackoff;
  private readonly perAccount: FailureBackoff;
  private readonly knownClients: KnownClients;
  private readonly registerPerIp: RateLimiterRedis;
  private readonly passkeyOptionsPerIp: RateLimiterRedis;

  constructor(redis: Redis, config: GatewayConfig) {
    const backoff = {
      memorySeconds: config.LOGIN_FAILURE_MEMORY_SECONDS,
      maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
    };
    this.perClient = new FailureBackoff(redis, 'account-ip', {
      ...backoff,
      freeFailures: config.LOGIN_FREE_FAILURES_PER_CLIENT,
    });
    this.perIp = new FailureBackoff(redis, 'ip', { ...backoff, freeFailures: config.LOGIN_MAX_PER_IP });
    this.perAccount = new FailureBackoff(redis, 'account', { ...backoff, freeFailures: config.LOGIN_MAX_PER_ACCOUNT });
    this.knownClients = new KnownClients(redis);
    this.registerPerIp = new RateLimiterRedis({
      storeClient: redis,
      useRedisPackage: false,
      keyPrefix: 'rl:register:ip',
      duration: config.RATE_LIMIT_WINDOW_SECONDS,
      points: config.REGISTER_MAX_PER_IP,
    });
    // Each guest's request for passkey options starts a session in Redis: as many per address as failed sign-ins.
    this.passkeyOptionsPerIp = new RateLimiterRedis({
      storeClient: redis,
      useRedisPackage: false,
      keyPrefix: 'rl:passkey-options:ip',
      duration: config.RATE_LIMIT_WINDOW_SECONDS,
      points: config.LOGIN_MAX_PER_IP,
    });
  }

  /**
   * Runs `verify` (the password check) for `username` unless a count says wait (429 with Retry-After). A wrong
   * username or password (DomainError Unauthenticated) stays counted as a failure; any other outcome is refunded.
   * Success forgets this client's failures on the account and remembers its address as the owner's.
   */
  async login<T>(req: Request, res: Response, username: string, verify: () => Promise<T>): Promise<T> {
    const ip = req.ip ?? 'unknown';
    const account = username.toLowerCase();
    const counts: [FailureBackoff, string][] = [
      [this.perIp, ip],
      [this.perClient, `${account}\0${ip}`],
    ];
    if (!(await this.knownClients.isKnown(account, ip))) counts.push([this.perAccount, account]);

    const reserved: [FailureBackoff, Reservation][] = [];
    for (const [backoff, key] of counts) {
      const reservation = await backoff.reserve(key);
      if (typeof reservation === 'number') {
        await refund(reserved);
        throw tooManyAttempts(res, reservation);
      }
      reserved.push([backoff, reservation]);
    }

    let result: T;
    try {
      result = await verify();
    } catch (error) {
      const wrongCredentials = error instanceof DomainError && error.code === ErrorCode.Unauthenticated;
      if (!wrongCredentials) await refund(reserved);
      throw error;
    }
    await refund(reserved.filter(([backoff]) => backoff !== this.perClient));
    await this.perClient.forget(`${account}\0${ip}`);
    await this.knownClients.remember(account, ip);
    return result;
  }

  /**
   * Runs `verify` (a passkey's signature check) unless the client address must wait. A passkey names no account
   * before it is verified, so its failures count only per address, together with that address's password failures.
   */
  async passkeyLogin<T>(req: Request, res: Response, verify: () => Promise<T>): Promise<T> {
    const reservation = await this.perIp.reserve(req.ip ?? 'unknown');
    if (typeof reservation === 'number') throw tooManyAttempts(res, reservation);
    try {
      const result = await verify();
      await this.perIp.refund(reservation);
      return result;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === ErrorCode.Unauthenticated))
        await this.perIp.refund(reservation);
      throw error;
    }
  }

  async passkeyOptions(ip: string, res: Response): Promise<void> {
    await consumeOrRefuse(this.passkeyOptionsPerIp, ip, res);
  }

  async register(ip: string, res: Response): Promise<void> {
    await consumeOrRefuse(this.registerPerIp, ip, res);
  }
}

async function refund(reserved: [FailureBackoff, Reservation][]): Promise<void> {
  await Promise.all(reserved.map(([backoff, reservation]) => backoff.refund(reservation)));
}
