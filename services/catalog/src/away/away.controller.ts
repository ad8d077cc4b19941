import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { AwayService } from './away.service';

/** Away mode's request/reply subjects; each handler only delegates. */
@Controller()
export class AwayController {
  constructor(private readonly away: AwayService) {}

  @RpcHandler(RPC.catalog.setAway)
  setAway(request: RpcRequest<typeof RPC.catalog.setAway>) {
    return this.away.set(request);
  }

  @RpcHandler(RPC.catalog.endAway)
  async endAway(request: RpcRequest<typeof RPC.catalog.endAway>) {
    await this.away.end(request);
    return { ok: true as const };
  }

  @RpcHandler(RPC.catalog.getAway)
  getAway(request: RpcRequest<typeof RPC.catalog.getAway>) {
    return this.away.get(request);
  }
}
