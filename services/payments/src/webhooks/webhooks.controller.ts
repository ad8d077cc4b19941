import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { WebhooksService } from './webhooks.service';

/** The provider's webhooks, as the gateway forwards them; the handler only delegates. */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RpcHandler(RPC.payments.handleWebhook)
  handleWebhook(request: RpcRequest<typeof RPC.payments.handleWebhook>) {
    return this.webhooks.handleWebhook(request);
  }
}
