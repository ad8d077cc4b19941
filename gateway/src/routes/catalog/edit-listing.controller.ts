import { Body, Controller, HttpCode, Param, Patch, UseGuards, UseInterceptors } from '@nestjs/common';
import { RPC, type ProductDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { NoteListingWrite } from './listing-writes';

/**
 * `PATCH /api/products/{id}`: owner only. The body is any fields of the sell form; catalog checks the listing as it
 * would be after them with the sell form's own rules (one place), and says why it cannot be edited (409).
 */
@Controller('api/products')
@UseGuards(AuthGuard)
@UseInterceptors(NoteListingWrite)
export class EditListingController {
  constructor(private readonly rpc: RpcClient) {}

  @Patch(':id')
  @WriteLimit('listings')
  @HttpCode(200)
  edit(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Product')) productId: string,
    // Not a class: catalog validates the edited listing as a whole (a partial body alone cannot be checked).
    @Body() body: Record<string, unknown>,
  ): Promise<ProductDto> {
    return this.rpc.send(RPC.catalog.updateProduct, { actorId, productId, changes: { ...body } });
  }
}
