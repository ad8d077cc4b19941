import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { CustomsService } from './customs.service';

/** Customs rules, per country and category; each handler only delegates. */
@Controller()
export class CustomsController {
  constructor(private readonly customs: CustomsService) {}

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
}
