import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ACCOUNT_MESSAGES, RPC } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { GatewayConfig } from '../config/gateway.config';
import { REDIS } from '../redis.provider';

/** How long an unverified account's count is kept: an account left unverified for a month starts again. */
const COUNT_SECONDS = 30 * 24 * 3600;

/**
 * Listings and messages an account may write before its address is verified: UNVERIFIED_WRITE_ALLOWANCE
 * in all (3 by default), so an address nobody owns cannot be used to spam. Browsing and buying are not limited.
 */
@Injectable()
export class UnverifiedAllowance {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfig,
  ) {}

  /** Lets a verified account through; counts an unverified one's write and refuses it past the allowance (403). */
  async check(req: Request): Promise<void> {
    const session = req.session;
    if (session.emailVerified) return;
    const me = await this.rpc.send(RPC.identity.getMe, { actorId: session.userId! });
    if (me.emailVerified) {
      session.emailVerified = true;
      return;
    }
    const key = `unverified-writes:${session.userId}`;
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, COUNT_SECONDS, 'NX').exec())! as [
      [Error | null, number],
    ];
    if (count > this.config.UNVERIFIED_WRITE_ALLOWANCE)
      throw new ForbiddenException(ACCOUNT_MESSAGES.unverifiedAllowanceUsed);
  }
}

@Injectable()
export class UnverifiedAllowanceGuard implements CanActivate {
  constructor(private readonly allowance: UnverifiedAllowance) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.session?.userId) await this.allowance.check(req);
    return true;
  }
}

/** A write an unverified account may make only a few times (below `@UseGuards(AuthGuard)`, so it runs after it). */
export const UnverifiedWrite = () => applyDecorators(UseGuards(UnverifiedAllowanceGuard));
