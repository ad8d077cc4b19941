import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BLOCK_MESSAGES,
  ErrorCode,
  EVENTS,
  type CreateReviewRequest,
  type GetOrderReviewsRequest,
  type ListUserReviewsRequest,
  type OrderChangedEvent,
  type OrderReviewsDto,
  type ReplyToReviewRequest,
  type ReviewDto,
  type ReviewRole,
  type ReviewsPageDto,
  type UpdateReviewRequest,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { blockBetween, DomainError, Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ReviewsConfig } from '../config/reviews.config';
import { Publication } from './publication';
import { decodeReviewCursor, encodeReviewCursor } from './review-cursor';
import { ReviewReminders } from './review-reminders';
import { ReviewWindow } from './review-window';
import { ReviewsRepository, type OrderSlotsRow, type StoredReview } from './reviews.repository';

const DAY_MS = 86_400_000;

const NOT_COMPLETED = 'Only a completed order can be reviewed';
const ORDER_NOT_FOUND = 'Order not found';
const REVIEW_NOT_FOUND = 'Review not found';

/**
 * The rules of reviews: only the buyer and the seller of a completed order review it, once each; both
 * reviews stay hidden (double-blind) until both are written or the window ends, and the author may edit theirs until
 * then; a published review may get one public reply from the person it is about.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ReviewsConfig,
    private readonly reviews: ReviewsRepository,
    private readonly publication: Publication,
    private readonly window: ReviewWindow,
    private readonly reminders: ReviewReminders,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Consumer of payments' order changes: a completed order with a member buyer gets its two review slots, the job
   * that ends its window and each person's reminder (a guest buyer has no account to review with, so neither side reviews).
   */
  async orderChanged(event: OrderChangedEvent, manager: EntityManager): Promise<void> {
    if (event.to !== 'completed' || event.buyerUserId === null) return;
    const completedAt = new Date(event.occurredAt);
    const windowEndsAt = new Date(completedAt.getTime() + this.config.REVIEW_WINDOW_DAYS * DAY_MS);
    const order = {
      orderId: event.orderId,
      productId: event.productId,
      buyerId: event.buyerUserId,
      sellerId: event.sellerId,
      completedAt,
    };
    if (!(await this.reviews.addOrder(manager, order, windowEndsAt))) return;
    await this.window.schedule(manager, event.orderId, windowEndsAt);
    const remindAt = new Date(completedAt.getTime() + this.config.REVIEW_REMINDER_DAYS * DAY_MS);
    // A reminder due after the window would remind of nothing.
    if (remindAt < windowEndsAt)
      await this.reminders.schedule(manager, event.orderId, [order.buyerId, order.sellerId], remindAt);
  }

  applyProfile(event: UserProfileChangedEvent, manager: EntityManager): Promise<void> {
    return this.reviews.applyProfile(manager, event);
  }

  async create({ actorId, orderId, rating, text }: CreateReviewRequest): Promise<OrderReviewsDto> {
    await this.dataSource.transaction(async (manager) => {
      const order = await this.reviews.lockOrder(manager, orderId);
      if (!order) throw new DomainError(ErrorCode.Conflict, NOT_COMPLETED);
      const role = roleOf(order, actorId);
      if (!order.is_open) throw new DomainError(ErrorCode.Conflict, 'The review period for this order has ended');
      const written = await this.reviews.reviewsOfOrder(orderId, manager);
      if (written.some((review) => review.authorRole === role))
        throw new DomainError(ErrorCode.Conflict, 'You have already reviewed this order');
      // A review is about a person to others who might deal with them; a deleted account has no one to read it.
      const subjectId = role === 'buyer' ? order.seller_id : order.buyer_id;
      if (await this.reviews.isDeleted(manager, subjectId))
        throw new DomainError(ErrorCode.Conflict, 'This account was deleted: it can no longer be reviewed');
      // A block ends dealings both ways, reviews included; only the one who blocked is told it was them.
      const block = await blockBetween(manager, 'reviews', actorId, subjectId);
      if (block !== 'none')
        throw DomainError.forbidden(block === 'other' ? BLOCK_MESSAGES.cannotReview : BLOCK_MESSAGES.youBlockedReview);
      const review = {
        id: randomUUID(),
        orderId,
        role,
        authorId: actorId,
        subjectId,
        rating,
        text,
      };
      await this.reviews.insertReview(manager, review);
      await this.outbox.add(manager, EVENTS.reviews.reviewWritten, {
        reviewId: review.id,
        orderId,
        authorId: actorId,
        subjectId: review.subjectId,
        occurredAt: new Date().toISOString(),
      });
      // The second review lifts the blind for both.
      if (written.length === 1) await this.publication.publish(manager, orderId);
    });
    return this.orderReviews({ actorId, orderId });
  }

  async update({ actorId, orderId, rating, text }: UpdateReviewRequest): Promise<OrderReviewsDto> {
    await this.dataSource.transaction(async (manager) => {
      const order = await this.reviews.lockOrder(manager, orderId);
      if (!order) throw new DomainError(ErrorCode.NotFound, REVIEW_NOT_FOUND);
      const role = roleOf(order, actorId);
      const mine = (await this.reviews.reviewsOfOrder(orderId, manager)).find((r) => r.authorRole === role);
      if (!mine) throw new DomainError(ErrorCode.NotFound, REVIEW_NOT_FOUND);
      if (!order.is_open) throw new DomainError(ErrorCode.Conflict, 'A published review can no longer be changed');
      await this.reviews.updateHiddenReview(manager, orderId, role, { rating, text });
    });
    return this.orderReviews({ actorId, orderId });
  }

  async reply({ actorId, reviewId, text }: ReplyToReviewRequest): Promise<ReviewDto> {
    await this.dataSource.transaction(async (manager) => {
      const review = await this.reviews.lockReview(manager, reviewId);
      // A review not (yet, or no longer) public is not there for anyone but its author.
      if (!review || !review.published || review.hidden) throw new DomainError(ErrorCode.NotFound, REVIEW_NOT_FOUND);
      if (review.subjectId !== actorId)
        throw new DomainError(ErrorCode.Forbidden, 'Only the person reviewed can reply to a review');
      if (review.replied) throw new DomainError(ErrorCode.Conflict, 'You have already replied to this review');
      await this.reviews.saveReply(manager, reviewId, text);
    });
    return publicView((await this.reviews.reviewById(reviewId))!);
  }

  async listAbout({ userId, limit, cursor }: ListUserReviewsRequest): Promise<ReviewsPageDto> {
    const after = cursor === undefined ? null : decodeReviewCursor(cursor);
    const rows = await this.reviews.publishedAbout(userId, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(publicView),
      nextCursor: rows.length > limit && last?.key ? encodeReviewCursor(last.key) : null,
    };
  }

  /** The order's reviews as one of its two people sees them: their own always, the other's once published. */
  async orderReviews({ actorId, orderId }: GetOrderReviewsRequest): Promise<OrderReviewsDto> {
    const order = await this.reviews.findOrder(orderId);
    if (!order) {
      return {
        orderId,
        status: 'not_completed',
        role: null,
        otherPartyId: null,
        windowEndsAt: null,
        canWrite: false,
        mine: null,
        theirs: null,
        theirsWritten: false,
      };
    }
    const role = roleOf(order, actorId);
    const written = await this.reviews.reviewsOfOrder(orderId);
    const mine = written.find((r) => r.authorRole === role);
    const theirs = written.find((r) => r.authorRole !== role);
    const published = order.published_at !== null;
    return {
      orderId,
      status: published ? 'published' : 'open',
      role,
      otherPartyId: role === 'buyer' ? order.seller_id : order.buyer_id,
      windowEndsAt: order.window_ends_at.toISOString(),
      canWrite: order.is_open,
      mine: mine ? publicView(mine) : null,
      theirs: theirs && published && !theirs.hidden ? publicView(theirs) : null,
      theirsWritten: theirs !== undefined,
    };
  }
}

/** The caller's part in the order; anyone else is told there is no such order (as payments tells strangers). */
function roleOf(order: OrderSlotsRow, actorId: string): ReviewRole {
  if (actorId === order.buyer_id) return 'buyer';
  if (actorId === order.seller_id) return 'seller';
  throw new DomainError(ErrorCode.NotFound, ORDER_NOT_FOUND);
}

export function publicView({ key: _key, hidden: _hidden, ...review }: StoredReview): ReviewDto {
  return review;
}
