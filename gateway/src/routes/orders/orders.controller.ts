import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  CancelOrderDto,
  ListOrdersQueryDto,
  OpenClaimDto,
  RespondToClaimDto,
  RPC,
  ShipOrderDto,
  type OrderDetailDto,
  type OrdersDto,
  type OrdersPageDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { requestValidationPipe } from '../../rpc/validation.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard, OptionalActorId } from '../../session/auth.guard';
import { OrderRefPipe } from './order-ref.pipe';
import { SignedEvidence } from './signed-evidence.interceptor';

/**
 * The order after the payment. `:ref` is the order id (a member, by session) or a guest buyer's private token (the
 * checkout token), so the routes a guest buyer uses (view, delivered, confirm, cancel, claim) take an optional session;
 * the seller's (ship, answer a claim) need one. Every action counts against the `orders` write limit (per member, per
 * guest IP). payments decides who may do what (403, 404 to strangers, 409 out of turn).
 */
@Controller('api/orders')
@UseInterceptors(SignedEvidence)
export class OrdersController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Without a query: the spec's `{ purchases, sales }`. With `role=purchases|sales` (and `cursor`, `limit`): a page of
   * one tab, newest first. Any other query is checked against the paged form, so a missing role is a 400, not the list.
   */
  @Get()
  @UseGuards(AuthGuard)
  async list(@ActorId() actorId: string, @Query() query: Record<string, unknown>): Promise<OrdersDto | OrdersPageDto> {
    if (Object.keys(query).length === 0) return this.rpc.send(RPC.payments.listOrders, { actorId });
    const page = (await requestValidationPipe().transform(query, {
      type: 'query',
      metatype: ListOrdersQueryDto,
    })) as ListOrdersQueryDto;
    return this.rpc.send(RPC.payments.listOrdersPage, {
      actorId,
      role: page.role,
      ...(page.cursor ? { cursor: page.cursor } : {}),
      ...(page.limit ? { limit: page.limit } : {}),
      ...(page.productId ? { productId: page.productId } : {}),
    });
  }

  @Get(':ref')
  get(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.getOrder, { orderRef, ...actor(actorId) });
  }

  @Post(':ref/ship')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  ship(
    @ActorId() actorId: string,
    @Param('ref', OrderRefPipe) orderRef: string,
    @Body() body: ShipOrderDto,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.shipOrder, {
      orderRef,
      actorId,
      carrier: body.carrier,
      ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
    });
  }

  @Post(':ref/delivered')
  @WriteLimit('orders')
  @HttpCode(200)
  delivered(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.markDelivered, { orderRef, ...actor(actorId) });
  }

  /** "Everything is OK" (the buyer). */
  @Post(':ref/confirm')
  @WriteLimit('orders')
  @HttpCode(200)
  confirm(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.confirmOrder, { orderRef, ...actor(actorId) });
  }

  /** The seller cancels before shipping; the buyer asks the seller to. */
  @Post(':ref/cancel')
  @WriteLimit('orders')
  @HttpCode(200)
  cancel(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
    @Body() body: CancelOrderDto,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.cancelOrder, { orderRef, ...actor(actorId), reason: body.reason });
  }

  @Post(':ref/claims')
  @WriteLimit('orders')
  @HttpCode(201)
  openClaim(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
    @Body() body: OpenClaimDto,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.openClaim, {
      orderRef,
      ...actor(actorId),
      reason: body.reason,
      description: body.description,
      ...(body.photos ? { photos: body.photos } : {}),
      ...(body.productIds ? { productIds: body.productIds } : {}),
    });
  }

  /** The seller accepts the claim (full refund) or answers it with their side (it then goes to support). */
  @Post(':ref/claim/response')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  respondToClaim(
    @ActorId() actorId: string,
    @Param('ref', OrderRefPipe) orderRef: string,
    @Body() body: RespondToClaimDto,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.respondToClaim, {
      orderRef,
      actorId,
      accept: body.accept,
      ...(body.statement ? { statement: body.statement } : {}),
      ...(body.photos?.length ? { photos: body.photos } : {}),
    });
  }
}

const actor = (actorId: string | undefined) => (actorId ? { actorId } : {});
