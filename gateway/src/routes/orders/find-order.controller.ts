import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { RequestGuestOrderLinksRequest, RPC } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { REDIS } from '../../redis.provider';
import { consumeOrRefuse } from '../../security/consume-or-refuse';

const HOUR = 3600;

/**
 * "Find my order": a guest gives the address they paid with and the links of their orders are mailed to it.
 * 202 whatever the address, after the same work (notifications queues one row either way and looks the orders up
 * when it sends), so the answer says nothing about what the address bought. Limited per address (nobody fills an
 * inbox) and per client address (nobody walks through addresses), counted in Redis for every replica, whether or
 * not the address paid for anything.
 */
@Controller('api/orders')
export class FindOrderController {
  private readonly perAddress: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) redis: Redis,
  ) {
    const limiter = (name: string, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: false,
        keyPrefix: `rl:find-order:${name}`,
        points,
        duration: HOUR,
      });
    this.perAddress = limiter('address', 3);
    this.perIp = limiter('ip', 20);
  }

  @Post('find')
  @HttpCode(202)
  async find(
    @Body() body: RequestGuestOrderLinksRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    await consumeOrRefuse(this.perIp, req.ip ?? 'unknown', res);
    await consumeOrRefuse(this.perAddress, body.email.trim().toLowerCase(), res);
    await this.rpc.send(RPC.notifications.requestGuestOrderLinks, { email: body.email.trim() });
    return { message: 'If you paid with this address, we have sent it the links to your orders.' };
  }
}
