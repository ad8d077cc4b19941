import { Injectable } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { RatingSummaries } from './rating-summaries';
import { ReviewsRepository } from './reviews.repository';

/** Makes an order's reviews public, once: when the second one is written, or when the window ends. */
@Injectable()
export class Publication {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly summaries: RatingSummaries,
    private readonly outbox: Outbox,
  ) {}

  /**
   * The caller holds the order's lock (`lockOrder`) and has checked it is not published yet: every review written so
   * far (none, one or two) is published, and each reviewed person's summary moves in this same transaction, with a
   * `review.published` event per review (for the notifications of the people involved).
   */
  async publish(manager: EntityManager, orderId: string): Promise<void> {
    const published = await this.reviews.publishReviews(manager, orderId);
    const occurredAt = new Date().toISOString();
    for (const review of published) {
      await this.summaries.add(manager, review.subject_id, review.rating);
      await this.outbox.add(manager, EVENTS.reviews.reviewPublished, {
        reviewId: review.id,
        orderId,
        authorId: review.author_id,
        subjectId: review.subject_id,
        occurredAt,
      });
    }
  }
}
