import { Body, Controller, Get, HttpCode, Put, UseGuards } from '@nestjs/common';
import { BundleDiscountDto, RPC } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/**
 * The seller's bundle discount (API.md, Turn 3), kept by payments: `GET /api/me/bundle-discount` → the caller's
 * own (`{ minItems: 2, percent: 0 }` until set), `PUT` `{ minItems, percent }` → 200 with it. Buyers see it on the
 * seller's products (`seller.bundleDiscount`), from catalog's copy.
 */
@Controller('api/me/bundle-discount')
@UseGuards(AuthGuard)
export class BundleDiscountController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(@ActorId() actorId: string): Promise<BundleDiscountDto> {
    return this.rpc.send(RPC.payments.getBundleDiscount, { actorId });
  }

  @Put()
  @WriteLimit('listings')
  @HttpCode(200)
  set(@ActorId() actorId: string, @Body() body: BundleDiscountDto): Promise<BundleDiscountDto> {
    return this.rpc.send(RPC.payments.setBundleDiscount, { minItems: body.minItems, percent: body.percent, actorId });
  }
}
