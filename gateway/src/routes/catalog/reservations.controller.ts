import { Body, Controller, Delete, HttpCode, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { RPC, ReserveProductDto, type ProductDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { NoteListingWrite } from './listing-writes';

/**
 * `POST /api/products/{id}/reserve` `{ buyerId, hours? }` and `DELETE /api/products/{id}/reserve`: the seller only
 * (catalog enforces it, refuses the seller as the buyer, and says why an item cannot be reserved: 409).
 */
@Controller('api/products')
@UseGuards(AuthGuard)
@UseInterceptors(NoteListingWrite)
export class ReservationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(':id/reserve')
  @WriteLimit('listings')
  @HttpCode(200)
  reserve(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Product')) productId: string,
    @Body() body: ReserveProductDto,
  ): Promise<ProductDto> {
    return this.rpc.send(RPC.catalog.reserveProduct, {
      actorId,
      productId,
      buyerId: body.buyerId,
      ...(body.hours === undefined || body.hours === null ? {} : { hours: body.hours }),
    });
  }

  @Delete(':id/reserve')
  @WriteLimit('listings')
  @HttpCode(204)
  async lift(@ActorId() actorId: string, @Param('id', new UuidPipe('Product')) productId: string): Promise<void> {
    await this.rpc.send(RPC.catalog.liftReservation, { actorId, productId });
  }
}
