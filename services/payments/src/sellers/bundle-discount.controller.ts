import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { BundleDiscounts } from './bundle-discounts';

/** A seller's own bundle discount (the gateway's `GET/PUT /api/me/bundle-discount`). */
@Controller()
export class BundleDiscountController {
  constructor(private readonly discounts: BundleDiscounts) {}

  @RpcHandler(RPC.payments.getBundleDiscount)
  get(request: RpcRequest<typeof RPC.payments.getBundleDiscount>) {
    return this.discounts.get(request);
  }

  @RpcHandler(RPC.payments.setBundleDiscount)
  set(request: RpcRequest<typeof RPC.payments.setBundleDiscount>) {
    return this.discounts.set(request);
  }
}
