import { Controller, HttpCode, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { RPC, type ProductDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { NoteListingWrite } from './listing-writes';

/** `POST /api/products/{id}/relist`: owner only (catalog enforces it and says why a listing cannot go back, 409). */
@Controller('api/products')
@UseGuards(AuthGuard)
@UseInterceptors(NoteListingWrite)
export class RelistController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(':id/relist')
  @WriteLimit('listings')
  @HttpCode(200)
  relist(@ActorId() actorId: string, @Param('id', new UuidPipe('Product')) productId: string): Promise<ProductDto> {
    return this.rpc.send(RPC.catalog.relistProduct, { actorId, productId });
  }
}
