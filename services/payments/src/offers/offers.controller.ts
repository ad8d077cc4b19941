import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { FavouriteOffers } from './favourite-offers';
import { OffersService } from './offers.service';

/** Offers' request/reply subjects; each handler only delegates. */
@Controller()
export class OffersController {
  constructor(
    private readonly offers: OffersService,
    private readonly favouriteOffers: FavouriteOffers,
  ) {}

  @RpcHandler(RPC.payments.createOffer)
  create(request: RpcRequest<typeof RPC.payments.createOffer>) {
    return this.offers.create(request);
  }

  @RpcHandler(RPC.payments.listOffers)
  list(request: RpcRequest<typeof RPC.payments.listOffers>) {
    return this.offers.list(request);
  }

  @RpcHandler(RPC.payments.actOnOffer)
  act(request: RpcRequest<typeof RPC.payments.actOnOffer>) {
    return this.offers.act(request);
  }

  @RpcHandler(RPC.payments.offerToFavourites)
  toFavourites(request: RpcRequest<typeof RPC.payments.offerToFavourites>) {
    return this.favouriteOffers.send(request);
  }
}
