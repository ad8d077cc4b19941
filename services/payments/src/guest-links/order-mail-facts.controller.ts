import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { OrderMailFactsService } from './order-mail-facts.service';

/** What notifications asks before mailing about orders (NATS grants these subjects to it alone). */
@Controller()
export class OrderMailFactsController {
  constructor(private readonly facts: OrderMailFactsService) {}

  @RpcHandler(RPC.payments.getOrderMailFacts)
  getOrderMailFacts(request: RpcRequest<typeof RPC.payments.getOrderMailFacts>) {
    return this.facts.facts(request);
  }

  @RpcHandler(RPC.payments.guestOrderLinks)
  guestOrderLinks(request: RpcRequest<typeof RPC.payments.guestOrderLinks>) {
    return this.facts.guestLinks(request);
  }
}
