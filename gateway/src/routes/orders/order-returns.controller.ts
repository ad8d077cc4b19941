import { Body, Controller, HttpCode, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { RPC, ShipReturnDto, type OrderDetailDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard, OptionalActorId } from '../../session/auth.guard';
import { OrderRefPipe } from './order-ref.pipe';
import { SignedEvidence } from './signed-evidence.interceptor';

/**
 * A return support asked for before refunding a claim: the buyer (a member, or a guest by the private token) sends
 * the item back with tracking; the seller confirms it arrived and the buyer is refunded. payments decides who may
 * (403, 404 to strangers, 409 out of turn).
 */
@Controller('api/orders')
@UseInterceptors(SignedEvidence)
export class OrderReturnsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(':ref/return')
  @WriteLimit('orders')
  @HttpCode(200)
  shipReturn(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
    @Body() body: ShipReturnDto,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.shipReturn, {
      orderRef,
      ...(actorId ? { actorId } : {}),
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
    });
  }

  @Post(':ref/return/received')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  confirmReturn(@ActorId() actorId: string, @Param('ref', OrderRefPipe) orderRef: string): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.confirmReturn, { orderRef, actorId });
  }
}
