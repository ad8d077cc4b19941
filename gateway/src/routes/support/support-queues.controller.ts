import { Controller, Get, UseGuards } from '@nestjs/common';
import { RPC, type SupportQueueCountsDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/**
 * The support nav's counts. Each queue belongs to the service that owns it, so this asks the four owners at once
 * (one indexed count each, never a list) and joins their answers; each owner checks the support role (403).
 */
@Controller('api/support/queues')
@UseGuards(AuthGuard)
export class SupportQueuesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async counts(@ActorId() actorId: string): Promise<SupportQueueCountsDto> {
    const [payments, catalog, reviews, moderation] = await Promise.all([
      this.rpc.send(RPC.payments.countSupportQueues, { actorId }),
      this.rpc.send(RPC.catalog.countProvenanceQueue, { actorId }),
      this.rpc.send(RPC.reviews.countReportedReviews, { actorId }),
      this.rpc.send(RPC.moderation.countQueue, { actorId }),
    ]);
    return {
      claims: payments.claims,
      disputes: payments.disputes,
      provenance: catalog.provenance,
      reviews: reviews.reviews,
      reports: moderation.reports,
    };
  }
}
