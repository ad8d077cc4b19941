import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { ProductsService } from '../products/products.service';
import { CustomsService } from './customs.service';

/** Customs rules and the provenance review queue; each handler only delegates. */
@Controller()
export class CustomsController {
  constructor(
    private readonly customs: CustomsService,
    private readonly products: ProductsService,
  ) {}

  @RpcHandler(RPC.catalog.getProductCustoms)
  getProductCustoms(request: RpcRequest<typeof RPC.catalog.getProductCustoms>) {
    return this.products.customsOf(request);
  }

  @RpcHandler(RPC.catalog.listCountryRules)
  listCountryRules(request: RpcRequest<typeof RPC.catalog.listCountryRules>) {
    return this.customs.countryRules(request);
  }

  @RpcHandler(RPC.catalog.listCustomsRules)
  listCustomsRules(request: RpcRequest<typeof RPC.catalog.listCustomsRules>) {
    return this.customs.listAll(request.actorId);
  }

  @RpcHandler(RPC.catalog.getCustomsRuleHistory)
  getCustomsRuleHistory(request: RpcRequest<typeof RPC.catalog.getCustomsRuleHistory>) {
    return this.customs.history(request);
  }

  @RpcHandler(RPC.catalog.saveCustomsRule)
  saveCustomsRule(request: RpcRequest<typeof RPC.catalog.saveCustomsRule>) {
    return this.customs.save(request);
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
