import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AddFavoriteDto, RPC, type ProductDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** The caller's favourites; `DELETE` takes the product id (API.md). */
@Controller('api/favorites')
@UseGuards(AuthGuard)
export class FavouritesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Composed here from favourites' ids and one catalog batch call, so the products' JSON (~40 kB for 60) crosses NATS
   * once (catalog → gateway) instead of being parsed and re-serialised by favourites on the way. Catalog answers
   * in the order asked for (newest favourite first) and skips products that are gone, so its answer is the list.
   */
  @Get()
  async list(@ActorId() actorId: string): Promise<ProductDto[]> {
    const productIds = await this.rpc.send(RPC.favourites.ids, { actorId });
    if (!productIds.length) return [];
    const products = await this.rpc.send(RPC.catalog.getProductsByIds, { productIds });
    for (const product of products) product.isFavorited = true;
    return products;
  }

  /** Idempotent: favouriting twice answers the same. */
  @Post()
  async add(@ActorId() actorId: string, @Body() body: AddFavoriteDto): Promise<{ productId: string; isFavorited: true }> {
    await this.rpc.send(RPC.favourites.add, { actorId, productId: body.productId });
    return { productId: body.productId, isFavorited: true };
  }

  @Delete(':productId')
  @HttpCode(204)
  async remove(@ActorId() actorId: string, @Param('productId', new UuidPipe('Favorite')) productId: string): Promise<void> {
    await this.rpc.send(RPC.favourites.remove, { actorId, productId });
  }
}
