import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { RPC, UpdateProfileDto, type MeDto, type ProductDto, type UserDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard, OptionalActorId } from '../../session/auth.guard';
import { FavouriteMarker } from '../favourites/favourite-marker';

@Controller('api/users')
export class UsersController {
  constructor(private readonly rpc: RpcClient, private readonly favourites: FavouriteMarker) {}

  @Get(':id')
  getUser(@Param('id', new UuidPipe('User')) userId: string): Promise<UserDto> {
    return this.rpc.send(RPC.identity.getUser, { userId });
  }

  /** Only the user themself; identity enforces it too. */
  @Put(':id')
  @UseGuards(AuthGuard)
  updateUser(@Param('id', new UuidPipe('User')) userId: string, @ActorId() actorId: string, @Body() changes: UpdateProfileDto): Promise<MeDto> {
    return this.rpc.send(RPC.identity.updateUser, { actorId, userId, changes: { ...changes } });
  }

  @Get(':id/products')
  async listProducts(@Param('id', new UuidPipe('User')) sellerId: string, @OptionalActorId() actorId: string | undefined): Promise<ProductDto[]> {
    return this.favourites.mark(actorId, await this.rpc.send(RPC.catalog.listSellerProducts, { sellerId }));
  }
}
