import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { OrderCounts } from './order-counts';

/** The orders of the people on a page of support's moderation queue (moderation asks, once per page). */
@Controller()
export class OrderCountsController {
  constructor(private readonly counts: OrderCounts) {}

  @RpcHandler(RPC.payments.countOrdersOfPeople)
  countOrdersOfPeople(request: RpcRequest<typeof RPC.payments.countOrdersOfPeople>) {
    return this.counts.ofPeople(request);
  }
}
