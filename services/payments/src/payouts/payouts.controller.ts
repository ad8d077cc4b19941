import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { SellerLedgerService } from '../ledger/seller-ledger.service';
import { PayoutAccountsService } from './payout-accounts.service';
import { PayoutsService } from './payouts.service';

/** Sellers' payout accounts and payouts; each handler only delegates. */
@Controller()
export class PayoutsController {
  constructor(
    private readonly accounts: PayoutAccountsService,
    private readonly payouts: PayoutsService,
    private readonly sellerLedger: SellerLedgerService,
  ) {}

  @RpcHandler(RPC.payments.getPayoutAccount)
  getPayoutAccount(request: RpcRequest<typeof RPC.payments.getPayoutAccount>) {
    return this.accounts.get(request);
  }

  @RpcHandler(RPC.payments.createPayoutAccount)
  createPayoutAccount(request: RpcRequest<typeof RPC.payments.createPayoutAccount>) {
    return this.accounts.createOnboarding(request);
  }

  @RpcHandler(RPC.payments.listPayouts)
  listPayouts(request: RpcRequest<typeof RPC.payments.listPayouts>) {
    return this.payouts.list(request);
  }

  @RpcHandler(RPC.payments.listLedger)
  listLedger(request: RpcRequest<typeof RPC.payments.listLedger>) {
    return this.sellerLedger.list(request);
  }

  @RpcHandler(RPC.payments.getTestOnboarding)
  getTestOnboarding(request: RpcRequest<typeof RPC.payments.getTestOnboarding>) {
    return this.accounts.getTestOnboarding(request);
  }

  @RpcHandler(RPC.payments.completeTestOnboarding)
  completeTestOnboarding(request: RpcRequest<typeof RPC.payments.completeTestOnboarding>) {
    return this.accounts.completeTestOnboarding(request);
  }
}
