import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { RatingSummaries } from './rating-summaries';
import { ReviewModeration } from './review-moderation';
import { ReviewsService } from './reviews.service';

@Controller()
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly summaries: RatingSummaries,
    private readonly moderation: ReviewModeration,
  ) {}

  @RpcHandler(RPC.reviews.createReview)
  create(request: RpcRequest<typeof RPC.reviews.createReview>) {
    return this.reviews.create(request);
  }

  @RpcHandler(RPC.reviews.updateReview)
  update(request: RpcRequest<typeof RPC.reviews.updateReview>) {
    return this.reviews.update(request);
  }

  @RpcHandler(RPC.reviews.replyToReview)
  reply(request: RpcRequest<typeof RPC.reviews.replyToReview>) {
    return this.reviews.reply(request);
  }

  @RpcHandler(RPC.reviews.listUserReviews)
  listUserReviews(request: RpcRequest<typeof RPC.reviews.listUserReviews>) {
    return this.reviews.listAbout(request);
  }

  @RpcHandler(RPC.reviews.getRating)
  getRating(request: RpcRequest<typeof RPC.reviews.getRating>) {
    return this.summaries.get(request.userId);
  }

  @RpcHandler(RPC.reviews.getOrderReviews)
  getOrderReviews(request: RpcRequest<typeof RPC.reviews.getOrderReviews>) {
    return this.reviews.orderReviews(request);
  }

  @RpcHandler(RPC.reviews.reportReview)
  report(request: RpcRequest<typeof RPC.reviews.reportReview>) {
    return this.moderation.report(request);
  }

  @RpcHandler(RPC.reviews.listReportedReviews)
  listReported(request: RpcRequest<typeof RPC.reviews.listReportedReviews>) {
    return this.moderation.listReported(request);
  }

  @RpcHandler(RPC.reviews.countReportedReviews)
  countReported(request: RpcRequest<typeof RPC.reviews.countReportedReviews>) {
    return this.moderation.countReported(request);
  }

  @RpcHandler(RPC.reviews.hideReview)
  hide(request: RpcRequest<typeof RPC.reviews.hideReview>) {
    return this.moderation.hide(request);
  }

  @RpcHandler(RPC.reviews.reportSnapshot)
  reportSnapshot(request: RpcRequest<typeof RPC.reviews.reportSnapshot>) {
    return this.moderation.snapshot(request);
  }

  @RpcHandler(RPC.reviews.dismissReports)
  dismiss(request: RpcRequest<typeof RPC.reviews.dismissReports>) {
    return this.moderation.dismiss(request);
  }
}
