import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { KeywordsService } from '../keywords/keywords.service';
import { ModerationQueue } from './moderation-queue';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly queue: ModerationQueue,
    private readonly keywords: KeywordsService,
  ) {}

  @RpcHandler(RPC.moderation.createReport)
  create(request: RpcRequest<typeof RPC.moderation.createReport>) {
    return this.reports.create(request);
  }

  @RpcHandler(RPC.moderation.listQueue)
  list(request: RpcRequest<typeof RPC.moderation.listQueue>) {
    return this.queue.page(request);
  }

  @RpcHandler(RPC.moderation.countQueue)
  count(request: RpcRequest<typeof RPC.moderation.countQueue>) {
    return this.queue.count(request);
  }

  @RpcHandler(RPC.moderation.decide)
  decide(request: RpcRequest<typeof RPC.moderation.decide>) {
    return this.reports.decide(request);
  }

  @RpcHandler(RPC.moderation.appeal)
  appeal(request: RpcRequest<typeof RPC.moderation.appeal>) {
    return this.reports.appeal(request);
  }

  @RpcHandler(RPC.moderation.getKeywords)
  getKeywords(request: RpcRequest<typeof RPC.moderation.getKeywords>) {
    return this.keywords.get(request);
  }

  @RpcHandler(RPC.moderation.putKeywords)
  putKeywords(request: RpcRequest<typeof RPC.moderation.putKeywords>) {
    return this.keywords.put(request);
  }
}
