import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  AddFavoriteDto,
  FavoritesQueryDto,
  PAGE_SIZE,
  RPC,
  type FavouritesPage,
  type ProductDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Response } from 'express';
import { jsonText, splitLastMember } from '../../rpc/serialised-answer';
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
  ): Promise<ProductDto[] | string> {
    const { cursor, limit = PAGE_SIZE.default } = query;
    const json = await this.rpc.sendSerialised(RPC.favourites.list, {
      actorId,
      limit,
      ...(cursor !== undefined ? { cursor } : {}),
    });
    // The products as favourites wrote them (the products last), passed on as they are.
    const written = splitLastMember<Omit<FavouritesPage, 'products'>>(json, 'products');
    const page = written?.rest ?? (JSON.parse(json) as FavouritesPage);
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    return written ? jsonText(res, written.member) : (page as FavouritesPage).products;
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
