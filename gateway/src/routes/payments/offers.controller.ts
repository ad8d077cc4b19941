import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  CounterOfferDto,
  CreateOfferDto,
  ListOffersQueryDto,
  OfferToFavouritesDto,
  RPC,
  type OfferToFavouritesReply,
  type OfferAction,
  type OfferDto,
  type OffersPageDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/**
 * Offers on an item or a bundle of one seller's items (payments keeps them beside the checkout that charges an accepted one). Members only; every write
 * counts against the `offers` write limit. payments decides who may answer what (403 the other party's answer, 404 a
 * stranger, 409 not now).
 */
@Controller('api/offers')
@UseGuards(AuthGuard)
export class OffersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @WriteLimit('offers')
  create(@ActorId() actorId: string, @Body() body: CreateOfferDto): Promise<OfferDto> {
    return this.rpc.send(RPC.payments.createOffer, {
      actorId,
      productId: body.productId,
      amount: body.amount,
      ...(body.productIds ? { productIds: body.productIds } : {}),
    });
  }

  /**
   * `role=buyer|seller`, `cursor`, `limit`: a page of the offers made or received, newest first; or, with `productId`
   * and `withUserId`, the offers between the caller and that person on that item (their conversation shows them).
   */
  @Get()
  list(@ActorId() actorId: string, @Query() query: ListOffersQueryDto): Promise<OffersPageDto> {
    return this.rpc.send(RPC.payments.listOffers, {
      actorId,
      ...(query.role ? { role: query.role } : {}),
      ...(query.productId && query.withUserId ? { productId: query.productId, withUserId: query.withUserId } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    });
  }

  @Post(':id/accept')
  @WriteLimit('offers')
  @HttpCode(200)
  accept(@ActorId() actorId: string, @Param('id', new UuidPipe('Offer')) offerId: string): Promise<OfferDto> {
    return this.act(actorId, offerId, 'accept');
  }

  @Post(':id/decline')
  @WriteLimit('offers')
  @HttpCode(200)
  decline(@ActorId() actorId: string, @Param('id', new UuidPipe('Offer')) offerId: string): Promise<OfferDto> {
    return this.act(actorId, offerId, 'decline');
  }

  @Post(':id/counter')
  @WriteLimit('offers')
  @HttpCode(200)
  counter(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Offer')) offerId: string,
    @Body() body: CounterOfferDto,
  ): Promise<OfferDto> {
    return this.act(actorId, offerId, 'counter', body.amount);
  }

  @Post(':id/withdraw')
  @WriteLimit('offers')
  @HttpCode(200)
  withdraw(@ActorId() actorId: string, @Param('id', new UuidPipe('Offer')) offerId: string): Promise<OfferDto> {
    return this.act(actorId, offerId, 'withdraw');
  }

  private act(actorId: string, offerId: string, action: OfferAction, amount?: string): Promise<OfferDto> {
    return this.rpc.send(RPC.payments.actOnOffer, { actorId, offerId, action, ...(amount ? { amount } : {}) });
  }
}

/**
 * The seller's offer to everyone who favourited their item: `POST /api/products/{id}/offer-to-favourites`
 * `{ amount }` → 201 `{ sent }`. Counts against the `offers` write limit; payments allows one round per item a day.
 */
@Controller('api/products')
@UseGuards(AuthGuard)
export class ProductOffersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(':id/offer-to-favourites')
  @WriteLimit('offers')
  toFavourites(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Product')) productId: string,
    @Body() body: OfferToFavouritesDto,
  ): Promise<OfferToFavouritesReply> {
    return this.rpc.send(RPC.payments.offerToFavourites, { actorId, productId, amount: body.amount });
  }
}
