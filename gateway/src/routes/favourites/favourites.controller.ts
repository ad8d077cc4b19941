import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AddFavoriteDto, FavoritesQueryDto, PAGE_SIZE, RPC, type ProductDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Response } from 'express';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** The caller's favourites; `DELETE` takes the product id (API.md). */
@Controller('api/favorites')
@UseGuards(AuthGuard)
export class FavouritesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * One page of the caller's favourites, newest first; the next page's cursor travels in `X-Next-Cursor`, as for
   * products (API.md). favourites answers it whole, products included, from its read model (one hop).
   */
  @Get()
  async list(
    @ActorId() actorId: string,
    @Query() query: FavoritesQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProductDto[]> {
    const { cursor, limit = PAGE_SIZE.default } = query;
    const page = await this.rpc.send(RPC.favourites.list, {
      actorId,
      limit,
      ...(cursor !== undefined ? { cursor } : {}),
    });
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    return page.products;
  }

  /** Idempotent: favouriting twice answers the same. */
  @Post()
  @WriteLimit('favourites')
  async add(
    @ActorId() actorId: string,
    @Body() body: AddFavoriteDto,
  ): Promise<{ productId: string; isFavorited: true }> {
    await this.rpc.send(RPC.favourites.add, { actorId, productId: body.productId });
    return { productId: body.productId, isFavorited: true };
  }

  @Delete(':productId')
  @WriteLimit('favourites')
  @HttpCode(204)
  async remove(
    @ActorId() actorId: string,
    @Param('productId', new UuidPipe('Favorite')) productId: string,
  ): Promise<void> {
    await this.rpc.send(RPC.favourites.remove, { actorId, productId });
  }
}
