import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { FavouritesService } from './favourites.service';

@Controller()
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @RpcHandler(RPC.favourites.add)
  add(request: RpcRequest<typeof RPC.favourites.add>) {
    return this.favourites.add(request);
  }

  @RpcHandler(RPC.favourites.remove)
  remove(request: RpcRequest<typeof RPC.favourites.remove>) {
    return this.favourites.remove(request);
  }

  @RpcHandler(RPC.favourites.list)
  list(request: RpcRequest<typeof RPC.favourites.list>) {
    return this.favourites.list(request);
  }

  @RpcHandler(RPC.favourites.listFavouriters)
  listFavouriters(request: RpcRequest<typeof RPC.favourites.listFavouriters>) {
    return this.favourites.listFavouriters(request);
  }

  @RpcHandler(RPC.favourites.favouritedAmong)
  favouritedAmong(request: RpcRequest<typeof RPC.favourites.favouritedAmong>) {
    return this.favourites.favouritedAmong(request);
  }
}
