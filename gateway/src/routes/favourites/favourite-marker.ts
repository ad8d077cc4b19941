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
    const favourited = await this.favouritedAmong(
      actorId,
      list.map((p) => p.id),
    );
    for (const product of list) product.isFavorited = favourited.has(product.id);
    return products;
  }

  /** The ids among these that the caller has favourited; empty for a guest or while favourites is down. */
  async favouritedAmong(actorId: string | undefined, productIds: string[]): Promise<Set<string>> {
    if (!actorId || productIds.length === 0) return new Set();
    try {
      return new Set(await this.rpc.send(RPC.favourites.favouritedAmong, { actorId, productIds }));
    } catch (error) {
      if (!(error instanceof DomainError && error.code === ErrorCode.Unavailable)) throw error;
      this.logger.warn('favourites unavailable: hearts shown empty');
      return new Set();
    }
  }
}
