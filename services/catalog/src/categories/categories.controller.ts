import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { CategoriesService } from './categories.service';

/** The Categories page's counts; each handler only delegates. */
@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @RpcHandler(RPC.catalog.countBrowseCategories)
  countBrowseCategories(_request: RpcRequest<typeof RPC.catalog.countBrowseCategories>) {
    return this.categories.countBrowseCategories();
  }
}
