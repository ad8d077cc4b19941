import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { OrderMessagesService } from './order-messages.service';

/** The messages kept on an order; each handler only delegates. */
@Controller()
export class OrderMessagesController {
  constructor(private readonly messages: OrderMessagesService) {}

  @RpcHandler(RPC.payments.listOrderMessages)
  list(request: RpcRequest<typeof RPC.payments.listOrderMessages>) {
    return this.messages.list(request);
  }

  @RpcHandler(RPC.payments.sendOrderMessage)
  send(request: RpcRequest<typeof RPC.payments.sendOrderMessage>) {
    return this.messages.send(request);
  }
}
