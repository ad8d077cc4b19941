import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import {
  PAGE_SIZE,
  PageQueryDto,
  ReplyDto,
  ReportReviewDto,
  RPC,
  WriteReviewDto,
  type Done,
  type OrderReviewsDto,
  type RatingSummaryDto,
  type ReviewDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Response } from 'express';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/**
 * Reviews of completed orders. Writing one is an order action (the `orders` write limit); reviews decides
 * who may (404 to strangers, 409 before completion, twice, or after the window).
 */
@Controller('api')
export class ReviewsController {
  constructor(private readonly rpc: RpcClient) {}

  /** The order's reviews as the caller sees them: theirs, and the other person's once published. */
  @Get('orders/:id/review')
  @UseGuards(AuthGuard)
  orderReviews(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Order')) orderId: string,
  ): Promise<OrderReviewsDto> {
    return this.rpc.send(RPC.reviews.getOrderReviews, { actorId, orderId });
  }

  @Post('orders/:id/review')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  @HttpCode(201)
  create(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Order')) orderId: string,
    @Body() body: WriteReviewDto,
  ): Promise<OrderReviewsDto> {
    return this.rpc.send(RPC.reviews.createReview, { actorId, orderId, rating: body.rating, text: body.text });
  }

  /** The author changes their review while it is hidden. */
  @Put('orders/:id/review')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  update(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Order')) orderId: string,
    @Body() body: WriteReviewDto,
  ): Promise<OrderReviewsDto> {
    return this.rpc.send(RPC.reviews.updateReview, { actorId, orderId, rating: body.rating, text: body.text });
  }

  /** The reviewed person's one public reply. */
  @Post('reviews/:id/reply')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  @HttpCode(201)
  reply(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Review')) reviewId: string,
    @Body() body: ReplyDto,
  ): Promise<ReviewDto> {
    return this.rpc.send(RPC.reviews.replyToReview, { actorId, reviewId, text: body.text });
  }

  /**
   * Reports a public review the caller did not write, for support to look at: 201 once, 409 'You have already
   * reported this review' on a repeat (a report is a person's, not a counter to push), 403 on one's own review, 404 on
   * a review nobody else can see (hidden, or unknown).
   */
  @Post('reviews/:id/report')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  @HttpCode(201)
  report(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Review')) reviewId: string,
    @Body() body: ReportReviewDto,
  ): Promise<Done> {
    return this.rpc.send(RPC.reviews.reportReview, { actorId, reviewId, reason: body.reason });
  }

  /**
   * A page of the published reviews about a user, newest first, as an array like every list; the next page's cursor in
   * `X-Next-Cursor`. An unknown user is 404: identity is asked when the first page is empty.
   */
  @Get('users/:id/reviews')
  async userReviews(
    @Param('id', new UuidPipe('User')) userId: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ReviewDto[]> {
    const page = await this.rpc.send(RPC.reviews.listUserReviews, {
      userId,
      limit: query.limit ?? PAGE_SIZE.default,
      ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
    });
    if (page.items.length === 0 && query.cursor === undefined) await this.rpc.send(RPC.identity.getUser, { userId });
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    return page.items;
  }

  /** Average (null without reviews), count and distribution of a user's published reviews. */
  @Get('users/:id/rating')
  async userRating(@Param('id', new UuidPipe('User')) userId: string): Promise<RatingSummaryDto> {
    const rating = await this.rpc.send(RPC.reviews.getRating, { userId });
    if (rating.count === 0) await this.rpc.send(RPC.identity.getUser, { userId });
    return rating;
  }
}
