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

  @Get()
  list(@ActorId() actorId: string): Promise<ProductDto[]> {
    return this.rpc.send(RPC.favourites.list, { actorId });
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
