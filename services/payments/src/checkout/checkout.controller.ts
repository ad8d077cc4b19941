import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { CheckoutService } from './checkout.service';

/** The checkout's request/reply subjects; each handler only delegates. */
@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @RpcHandler(RPC.payments.createIntent)
  createIntent(request: RpcRequest<typeof RPC.payments.createIntent>) {
    return this.checkout.createIntent(request);
  }

  @RpcHandler(RPC.payments.confirmTestPayment)
  confirmTestPayment(request: RpcRequest<typeof RPC.payments.confirmTestPayment>) {
    return this.checkout.confirmTestPayment(request);
  }

  @RpcHandler(RPC.payments.openCheckout)
  openCheckout(request: RpcRequest<typeof RPC.payments.openCheckout>) {
    return this.checkout.openCheckout(request);
  }

  @RpcHandler(RPC.payments.reconcile)
  reconcile(request: RpcRequest<typeof RPC.payments.reconcile>) {
    return this.checkout.reconcile(request);
  }
}
