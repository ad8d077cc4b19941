import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AddFavoriteDto, FavoritesQueryDto, PAGE_SIZE, RPC, type ProductDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Response } from 'express';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** How many pages of only removed products one request reads past before it answers an empty page with a cursor. */
const MAX_EMPTY_PAGES_SKIPPED = 3;

/** The caller's favourites; `DELETE` takes the product id (API.md). */
@Controller('api/favorites')
@UseGuards(AuthGuard)
export class FavouritesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * One page of the caller's favourites, newest first; the next page's cursor travels in `X-Next-Cursor`, as for
   * products (API.md). Composed here from a page of favourites' ids and one catalog batch call, so the products'
   * JSON crosses NATS once (catalog → gateway) instead of being parsed and re-serialised by favourites on the way.
   * Catalog answers in the order asked for and skips products that are gone (favourites drops those within
   * seconds), so a page may hold fewer products than its limit while another page follows. A page is only empty
   * when it is the last: one whose products are all gone is followed by the next (a few times at most).
   */
  @Get()
  async list(@ActorId() actorId: string, @Query() query: FavoritesQueryDto, @Res({ passthrough: true }) res: Response): Promise<ProductDto[]> {
    const limit = query.limit ?? PAGE_SIZE.default;
    let page = await this.idsPage(actorId, limit, query.cursor);
    let products = await this.productsOf(page.productIds);
    for (let skipped = 0; !products.length && page.nextCursor && skipped < MAX_EMPTY_PAGES_SKIPPED; skipped += 1) {
      page = await this.idsPage(actorId, limit, page.nextCursor);
      products = await this.productsOf(page.productIds);
    }
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    for (const product of products) product.isFavorited = true;
    return products;
  }

  private idsPage(actorId: string, limit: number, cursor: string | undefined) {
    return this.rpc.send(RPC.favourites.ids, { actorId, limit, ...(cursor !== undefined ? { cursor } : {}) });
  }

  private async productsOf(productIds: string[]): Promise<ProductDto[]> {
    return productIds.length ? this.rpc.send(RPC.catalog.getProductsByIds, { productIds }) : [];
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
