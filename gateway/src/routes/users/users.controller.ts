import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { RPC, UpdateProfileDto, type MeDto, type ProductDto, type UserDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard } from '../../session/auth.guard';

@Controller('api/users')
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

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
  listProducts(@Param('id', new UuidPipe('User')) sellerId: string): Promise<ProductDto[]> {
    return this.rpc.send(RPC.catalog.listSellerProducts, { sellerId });
  }
}
