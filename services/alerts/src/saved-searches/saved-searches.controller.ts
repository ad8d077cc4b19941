import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { SavedSearchesService } from './saved-searches.service';

@Controller()
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @RpcHandler(RPC.alerts.createSavedSearch)
  create(request: RpcRequest<typeof RPC.alerts.createSavedSearch>) {
    return this.searches.create(request);
  }

  @RpcHandler(RPC.alerts.listSavedSearches)
  list(request: RpcRequest<typeof RPC.alerts.listSavedSearches>) {
    return this.searches.list(request);
  }

  @RpcHandler(RPC.alerts.deleteSavedSearch)
  async delete(request: RpcRequest<typeof RPC.alerts.deleteSavedSearch>) {
    await this.searches.delete(request);
    return { ok: true as const };
  }
}
