import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { ReservationsService } from './reservations.service';

/** Reserving and lifting a reservation over request/reply; each handler only delegates. */
@Controller()
export class ReservationsController {
  constructor(private readonly reservations: ReservationsService) {}

  @RpcHandler(RPC.catalog.reserveProduct)
  reserve(request: RpcRequest<typeof RPC.catalog.reserveProduct>) {
    return this.reservations.reserve(request);
  }

  @RpcHandler(RPC.catalog.liftReservation)
  lift(request: RpcRequest<typeof RPC.catalog.liftReservation>) {
    return this.reservations.lift(request);
  }
}
