import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { RPC, type Done, type ReportedReviewsPageDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** `GET /api/support/reviews` query: the next page's cursor. */
class ReportedReviewsQuery {
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
}

/** A page of the reported-reviews queue (support's /support page shows one page at a time). */
const REPORTED_PAGE = 20;

/**
 * Reported reviews in the support queue. Signed in here; reviews checks the support role with identity
 * (403 for a member).
 */
@Controller('api/support/reviews')
@UseGuards(AuthGuard)
export class ReviewsSupportController {
  constructor(private readonly rpc: RpcClient) {}

  /** Public reviews with open reports, oldest report first. */
  @Get()
  reported(@ActorId() actorId: string, @Query() query: ReportedReviewsQuery): Promise<ReportedReviewsPageDto> {
    return this.rpc.send(RPC.reviews.listReportedReviews, {
      actorId,
      limit: REPORTED_PAGE,
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
  }

  /** The review leaves every list and the reviewed person's rating; its reports are closed (409 if already hidden). */
  @Post(':id/hide')
  @WriteLimit('orders')
  @HttpCode(200)
  hide(@ActorId() actorId: string, @Param('id', new UuidPipe('Review')) reviewId: string): Promise<Done> {
    return this.rpc.send(RPC.reviews.hideReview, { actorId, reviewId });
  }

  /** The open reports are closed and the review stays (409 when none is open). */
  @Post(':id/dismiss')
  @WriteLimit('orders')
  @HttpCode(200)
  dismiss(@ActorId() actorId: string, @Param('id', new UuidPipe('Review')) reviewId: string): Promise<Done> {
    return this.rpc.send(RPC.reviews.dismissReports, { actorId, reviewId });
  }
}
