import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { ProductsService } from './products.service';

/**
 * A product's customs panel and support's provenance queue: they read and change products, so they live with them
 * (customs/ holds the rules alone, and products/ reads the rules); each handler only delegates.
 */
@Controller()
export class ProductCustomsController {
  constructor(private readonly products: ProductsService) {}

  @RpcHandler(RPC.catalog.getProductCustoms)
  getProductCustoms(request: RpcRequest<typeof RPC.catalog.getProductCustoms>) {
    return this.products.customsOf(request);
  }

  @RpcHandler(RPC.catalog.listProvenanceQueue)
  listProvenanceQueue(request: RpcRequest<typeof RPC.catalog.listProvenanceQueue>) {
    return this.products.provenanceQueue(request);
  }

  @RpcHandler(RPC.catalog.countProvenanceQueue)
  countProvenanceQueue(request: RpcRequest<typeof RPC.catalog.countProvenanceQueue>) {
    return this.products.countProvenanceQueue(request);
  }

  @RpcHandler(RPC.catalog.decideProvenance)
  decideProvenance(request: RpcRequest<typeof RPC.catalog.decideProvenance>) {
    return this.products.decideProvenance(request);
  }
}
