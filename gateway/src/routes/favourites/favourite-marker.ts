import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, RPC, type ProductDto } from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';

/**
 * Fills `isFavorited` for the signed-in caller with one batch call per response (never one per product).
 * Browsing must survive favourites being down: then every heart shows empty.
 */
@Injectable()
export class FavouriteMarker {
  private readonly logger = new Logger(FavouriteMarker.name);

  constructor(private readonly rpc: RpcClient) {}

  async mark<T extends ProductDto | ProductDto[]>(actorId: string | undefined, products: T): Promise<T> {
    const list: ProductDto[] = Array.isArray(products) ? products : [products];
    if (!actorId || list.length === 0) return products;
    try {
      const favourited = new Set(await this.rpc.send(RPC.favourites.favouritedAmong, { actorId, productIds: list.map((p) => p.id) }));
      for (const product of list) product.isFavorited = favourited.has(product.id);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === ErrorCode.Unavailable)) throw error;
      this.logger.warn('favourites unavailable: hearts shown empty');
    }
    return products;
  }
}
