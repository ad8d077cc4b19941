import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { RPC, SaveSearchDto, type SavedSearchDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/**
 * The caller's saved searches (alerts): Home's words and filters, validated as the search validates them; at most 50
 * (409 beyond). A new listing that matches one tells its owner (notifications), never about their own listings.
 */
@Controller('api/saved-searches')
@UseGuards(AuthGuard)
export class SavedSearchesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @WriteLimit('savedSearches')
  @HttpCode(201)
  create(@ActorId() actorId: string, @Body() body: SaveSearchDto): Promise<SavedSearchDto> {
    return this.rpc.send(RPC.alerts.createSavedSearch, { actorId, ...body });
  }

  /** Newest first, each with its new matches since the caller last looked (this look resets them). */
  @Get()
  list(@ActorId() actorId: string): Promise<SavedSearchDto[]> {
    return this.rpc.send(RPC.alerts.listSavedSearches, { actorId });
  }

  @Delete(':id')
  @WriteLimit('savedSearches')
  @HttpCode(204)
  async delete(@ActorId() actorId: string, @Param('id', new UuidPipe('Saved search')) id: string): Promise<void> {
    await this.rpc.send(RPC.alerts.deleteSavedSearch, { actorId, savedSearchId: id });
  }
}
