import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { PaymentsConfig } from '../config/payments.config';
import { buyerProtectionOf } from './buyer-protection';
import { ClaimsService } from './claims.service';
import { OrderLifecycleService } from './order-lifecycle.service';

/** The orders' request/reply subjects after the payment; each handler only delegates. */
@Controller()
export class OrdersController {
  constructor(
    private readonly lifecycle: OrderLifecycleService,
    private readonly claims: ClaimsService,
    private readonly config: PaymentsConfig,
  ) {}

  @RpcHandler(RPC.payments.getBuyerProtection)
  async getBuyerProtection(_request: RpcRequest<typeof RPC.payments.getBuyerProtection>) {
    return buyerProtectionOf(this.config);
  }

  @RpcHandler(RPC.payments.listOrders)
  listOrders(request: RpcRequest<typeof RPC.payments.listOrders>) {
    return this.lifecycle.listOrders(request);
  }

  @RpcHandler(RPC.payments.listOrdersPage)
  listOrdersPage(request: RpcRequest<typeof RPC.payments.listOrdersPage>) {
    return this.lifecycle.listOrdersPage(request);
  }

  @RpcHandler(RPC.payments.getOrder)
  getOrder(request: RpcRequest<typeof RPC.payments.getOrder>) {
    return this.lifecycle.getOrder(request);
  }

  @RpcHandler(RPC.payments.shipOrder)
  shipOrder(request: RpcRequest<typeof RPC.payments.shipOrder>) {
    return this.lifecycle.ship(request);
  }

  @RpcHandler(RPC.payments.markDelivered)
  markDelivered(request: RpcRequest<typeof RPC.payments.markDelivered>) {
    return this.lifecycle.markDelivered(request);
  }

  @RpcHandler(RPC.payments.confirmOrder)
  confirmOrder(request: RpcRequest<typeof RPC.payments.confirmOrder>) {
    return this.lifecycle.confirm(request);
  }

  @RpcHandler(RPC.payments.cancelOrder)
  cancelOrder(request: RpcRequest<typeof RPC.payments.cancelOrder>) {
    return this.lifecycle.cancel(request);
  }

  @RpcHandler(RPC.payments.openClaim)
  openClaim(request: RpcRequest<typeof RPC.payments.openClaim>) {
    return this.claims.openClaim(request);
  }

  @RpcHandler(RPC.payments.respondToClaim)
  respondToClaim(request: RpcRequest<typeof RPC.payments.respondToClaim>) {
    return this.claims.respondToClaim(request);
  }

  @RpcHandler(RPC.payments.listCardDisputes)
  listCardDisputes(request: RpcRequest<typeof RPC.payments.listCardDisputes>) {
    return this.claims.listCardDisputes(request);
  }

  @RpcHandler(RPC.payments.countSupportQueues)
  countSupportQueues(request: RpcRequest<typeof RPC.payments.countSupportQueues>) {
    return this.claims.countSupportQueues(request);
  }

  @RpcHandler(RPC.payments.listOpenClaims)
  listOpenClaims(request: RpcRequest<typeof RPC.payments.listOpenClaims>) {
    return this.claims.listOpenClaims(request);
  }

  @RpcHandler(RPC.payments.shipReturn)
  shipReturn(request: RpcRequest<typeof RPC.payments.shipReturn>) {
    return this.claims.shipReturn(request);
  }

  @RpcHandler(RPC.payments.confirmReturn)
  confirmReturn(request: RpcRequest<typeof RPC.payments.confirmReturn>) {
    return this.claims.confirmReturn(request);
  }

  @RpcHandler(RPC.payments.decideClaim)
  decideClaim(request: RpcRequest<typeof RPC.payments.decideClaim>) {
    return this.claims.decideClaim(request);
  }
}
