import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  type Done,
  type ListReportedReviewsRequest,
  type CountSupportQueueRequest,
  type ReportedReviewsCountDto,
  type ModerateReviewRequest,
  type ReportedReviewsPageDto,
  type ReportReviewRequest,
  type ModerationDecidedEvent,
  type ReportSnapshotDto,
  type ReportSnapshotRequest,
} from '@souvenir/contracts';
import { DomainError, SupportRole } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { RatingSummaries } from './rating-summaries';
import { decodeReportedCursor, encodeReportedCursor } from './review-cursor';
import { ReviewsRepository } from './reviews.repository';
import { publicView } from './reviews.service';

const REVIEW_NOT_FOUND = 'Review not found';
const SUPPORT_ONLY = 'Only support can moderate reviews';

/**
 * Reported reviews: anyone signed in may report a public review they did not write, once; the review then
 * waits in support's queue until support hides it (out of every list, and out of the reviewed person's rating in the
 * same transaction) or dismisses its reports (it stays; a new reporter puts it back in the queue).
 */
@Injectable()
export class ReviewModeration {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reviews: ReviewsRepository,
    private readonly summaries: RatingSummaries,
    private readonly supportRole: SupportRole,
  ) {}

  async report({ actorId, reviewId, reason }: ReportReviewRequest): Promise<Done> {
    await this.dataSource.transaction(async (manager) => {
      const review = await this.reviews.lockReview(manager, reviewId);
      // Only a public review can be seen, so only a public one can be reported.
      if (!review || !review.published || review.hidden) throw new DomainError(ErrorCode.NotFound, REVIEW_NOT_FOUND);
      if (review.authorId === actorId) throw new DomainError(ErrorCode.Forbidden, 'You cannot report your own review');
      if (!(await this.reviews.addReport(manager, reviewId, actorId, reason)))
        throw new DomainError(ErrorCode.Conflict, 'You have already reported this review');
    });
    return { ok: true };
  }

  async listReported({ actorId, limit, cursor }: ListReportedReviewsRequest): Promise<ReportedReviewsPageDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    const after = cursor === undefined ? null : decodeReportedCursor(cursor);
    const rows = await this.reviews.reportedPage(limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(({ key: _key, review, ...rest }) => ({ ...rest, review: publicView(review) })),
      nextCursor: rows.length > limit && last ? encodeReportedCursor(last.key) : null,
    };
  }

  /** The support nav's count: reviews waiting in the queue (by reviews_reported_idx). */
  async countReported({ actorId }: CountSupportQueueRequest): Promise<ReportedReviewsCountDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    return { reviews: await this.reviews.countReported() };
  }

  async hide({ actorId, reviewId }: ModerateReviewRequest): Promise<Done> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    await this.dataSource.transaction(async (manager) => {
      const review = await this.reviews.lockReview(manager, reviewId);
      if (!review || !review.published) throw new DomainError(ErrorCode.NotFound, REVIEW_NOT_FOUND);
      if (review.hidden) throw new DomainError(ErrorCode.Conflict, 'This review is already hidden');
      await this.reviews.closeReports(manager, reviewId, true);
      await this.summaries.remove(manager, review.subjectId, review.rating);
    });
    return { ok: true };
  }

  /** A public review as moderation keeps it with a report about it (the general report route). */
  async snapshot({ subjectId }: ReportSnapshotRequest): Promise<ReportSnapshotDto> {
    const [row] = await this.dataSource.query<
      { author_id: string; subject_id: string; rating: number; text: string }[]
    >(
      `SELECT author_id, subject_id, rating, text FROM reviews.reviews
       WHERE id = $1 AND published_at IS NOT NULL AND hidden_at IS NULL`,
      [subjectId],
    );
    if (!row) throw new DomainError(ErrorCode.NotFound, REVIEW_NOT_FOUND);
    return {
      ownerId: row.author_id,
      title: `${row.rating} stars: ${row.text.length > 60 ? `${row.text.slice(0, 59)}…` : row.text}`,
      text: row.text,
      link: `/profile/${row.subject_id}?tab=reviews`,
      image: null,
    };
  }

  /**
   * Support's decision through moderation (hide, or suspend the author): the review is hidden as support's own hide
   * here does, out of every list and of the rating in this transaction.
   */
  async applyModeration(event: ModerationDecidedEvent, manager: EntityManager): Promise<void> {
    if (event.subjectType !== 'review' || event.action === 'dismiss') return;
    const review = await this.reviews.lockReview(manager, event.subjectId);
    if (!review || !review.published || review.hidden) return;
    await this.reviews.closeReports(manager, event.subjectId, true);
    await this.summaries.remove(manager, review.subjectId, review.rating);
  }

  async dismiss({ actorId, reviewId }: ModerateReviewRequest): Promise<Done> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    await this.dataSource.transaction(async (manager) => {
      const review = await this.reviews.lockReview(manager, reviewId);
      if (!review || !review.published) throw new DomainError(ErrorCode.NotFound, REVIEW_NOT_FOUND);
      if (!review.reported) throw new DomainError(ErrorCode.Conflict, 'This review has no open reports');
      await this.reviews.closeReports(manager, reviewId, false);
    });
    return { ok: true };
  }
}
