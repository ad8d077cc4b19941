import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { PaymentsService } from './payments.service';

/** payments' request/reply subjects; each handler only delegates. */
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @RpcHandler(RPC.payments.createIntent)
  createIntent(request: RpcRequest<typeof RPC.payments.createIntent>) { return this.payments.createIntent(request); }

  @RpcHandler(RPC.payments.confirmTestPayment)
  confirmTestPayment(request: RpcRequest<typeof RPC.payments.confirmTestPayment>) { return this.payments.confirmTestPayment(request); }

  @RpcHandler(RPC.payments.reconcile)
  reconcile(request: RpcRequest<typeof RPC.payments.reconcile>) { return this.payments.reconcile(request); }

  @RpcHandler(RPC.payments.handleWebhook)
  handleWebhook(request: RpcRequest<typeof RPC.payments.handleWebhook>) { return this.payments.handleWebhook(request); }

  @RpcHandler(RPC.payments.listOrders)
  listOrders(request: RpcRequest<typeof RPC.payments.listOrders>) { return this.payments.listOrders(request); }
}
