import type { Redis } from 'ioredis';

const REMEMBER_SECONDS = 90 * 24 * 3600;
/** Enough for home, work, phone and travels; the oldest address is dropped first. */
const MAX_PER_ACCOUNT = 20;

/**
 * The client addresses each account signed in from lately (a sorted set per account in Redis, scored by time).
 * Guesses spread over many addresses slow down every stranger to an account, but not its owner at an address they
 * signed in from before. (A device cookie would follow the owner across networks, but a second Set-Cookie on the
 * sign-in answer would change what every client reads as its session cookie.)
 */
export class KnownClients {
  constructor(private readonly redis: Redis) {}

  async isKnown(account: string, ip: string): Promise<boolean> {
    const since = await this.redis.zscore(key(account), ip);
    return since !== null && Date.now() - Number(since) < REMEMBER_SECONDS * 1000;
  }

  async remember(account: string, ip: string): Promise<void> {
    await this.redis
      .multi()
      .zadd(key(account), Date.now(), ip)
      .zremrangebyrank(key(account), 0, -MAX_PER_ACCOUNT - 1)
      .expire(key(account), REMEMBER_SECONDS)
      .exec();
  }
}

const key = (account: string) => `rl:login:known:${account}`;
