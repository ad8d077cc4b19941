import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { RPC, SavedAddressInput, type SavedAddressDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/**
 * The signed-in buyer's address book (payments keeps it beside the checkout). Only the owner reaches an address:
 * payments answers anyone else's id as an unknown one (404). Writes count against the `orders` write limit.
 */
@Controller('api/me/addresses')
@UseGuards(AuthGuard)
export class AddressesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(@ActorId() actorId: string): Promise<SavedAddressDto[]> {
    return this.rpc.send(RPC.payments.listAddresses, { actorId });
  }

  @Post()
  @WriteLimit('orders')
  create(@ActorId() actorId: string, @Body() body: SavedAddressInput): Promise<SavedAddressDto> {
    return this.rpc.send(RPC.payments.createAddress, { ...body, actorId });
  }

  @Put(':id')
  @WriteLimit('orders')
  update(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Address')) addressId: string,
    @Body() body: SavedAddressInput,
  ): Promise<SavedAddressDto> {
    return this.rpc.send(RPC.payments.updateAddress, { ...body, actorId, addressId });
  }

  @Delete(':id')
  @WriteLimit('orders')
  @HttpCode(204)
  async remove(@ActorId() actorId: string, @Param('id', new UuidPipe('Address')) addressId: string): Promise<void> {
    await this.rpc.send(RPC.payments.deleteAddress, { actorId, addressId });
  }
}
