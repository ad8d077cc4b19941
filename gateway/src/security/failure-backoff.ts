import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** An attempt allowed to go ahead under `key`; `paced` when it came after the free failures and took the pause. */
export interface Reservation {
  readonly key: string;
  readonly paced: boolean;
}

/** How many failures a key is allowed before it is slowed, how long failures are remembered, the longest pause. */
export interface BackoffPolicy {
  freeFailures: number;
  memorySeconds: number;
  maxDelaySeconds: number;
}

/**
 * Failed sign-ins counted under one key (an account, a client, or both) in Redis, shared by every replica.
 * The first `freeFailures` are free; after that one attempt is let through per pause, and the pause doubles with
 * each attempt let through (1 s, 2 s, 4 s … up to `maxDelaySeconds`), so guessing slows to a trickle but nobody is
 * shut out for longer than the pause. An attempt counts as a failure from the moment it is reserved until it is
 * refunded (it succeeded, or never reached the password check): many attempts sent at once cannot all slip in
 * before the first failures are recorded.
 *
 * The pause's length comes from the attempts already let through, read before the attempts compete for the pace:
 * attempts sent at once then agree on it whichever wins. (Taken from the failure count, it depended on how many
 * of them Redis had counted before the winner's turn, so the same burst could start a 1 s or an 8 s pause.)
 */
export class FailureBackoff {
  /** Failures (and attempts in flight) per key, forgotten `memorySeconds` after the first. */
  private readonly failures: RateLimiterRedis;
  /** One point per pause: the attempt that takes it goes ahead, the others wait for the pause to end. */
  private readonly pace: RateLimiterRedis;
  /** Attempts let through after the free ones, forgotten with the failures: the next pause is 2^this seconds. */
  private readonly admitted: RateLimiterRedis;

  constructor(
    redis: Redis,
    name: string,
    private readonly policy: BackoffPolicy,
  ) {
    const common = { storeClient: redis, useRedisPackage: false } as const;
    this.failures = new RateLimiterRedis({
      ...common,
      keyPrefix: `rl:login:${name}`,
      points: policy.freeFailures,
      duration: policy.memorySeconds,
    });
    this.pace = new RateLimiterRedis({ ...common, keyPrefix: `rl:login:${name}:pace`, points: 1, duration: 1 });
    this.admitted = new RateLimiterRedis({
      ...common,
      keyPrefix: `rl:login:${name}:admitted`,
      points: 2 ** 31,
      duration: policy.memorySeconds,
    });
  }

  /** Reserves an attempt for `key`: a reservation to go ahead, or the seconds to wait (nothing is counted then). */
  async reserve(key: string): Promise<Reservation | number> {
    const failures = await consumedPoints(this.failures.consume(key));
    if (failures <= this.policy.freeFailures) return { key, paced: false };
    const admitted = (await this.admitted.get(key))?.consumedPoints ?? 0;
    const pause = Math.min(2 ** Math.min(admitted, 30), this.policy.maxDelaySeconds);
    try {
      await this.pace.consume(key, 1, { customDuration: pause });
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      await this.failures.reward(key);
      return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    }
    await this.admitted.consume(key);
    return { key, paced: true };
  }

  /**
   * The reserved attempt was not a failure (or another count stopped it): it is uncounted, and a pause it started
   * ends, so an attempt that another count refused does not hold up the one that count lets through.
   */
  async refund({ key, paced }: Reservation): Promise<void> {
    if (paced) await Promise.all([this.admitted.reward(key), this.pace.delete(key)]);
    await this.failures.reward(key);
  }

  /** Forgets every failure of `key` (the owner signed in from here). */
  async forget(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.pace.delete(key), this.admitted.delete(key)]);
  }
}

/** The points consumed so far, whether or not `consume` went over the limit (it rejects with them then). */
async function consumedPoints(consume: Promise<RateLimiterRes>): Promise<number> {
  try {
    return (await consume).consumedPoints;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error.consumedPoints;
    throw error; // Redis unreachable: the error filter answers 503.
  }
}
