import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RatingSummaries } from './rating-summaries';
import { ReviewsRepository } from './reviews.repository';

/** Makes an order's reviews public, once: when the second one is written, or when the window ends. */
@Injectable()
export class Publication {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly summaries: RatingSummaries,
  ) {}

  /**
   * The caller holds the order's lock (`lockOrder`) and has checked it is not published yet: every review written so
   * far (none, one or two) is published, and each reviewed person's summary moves in this same transaction.
   */
  async publish(manager: EntityManager, orderId: string): Promise<void> {
    const published = await this.reviews.publishReviews(manager, orderId);
    for (const { subject_id, rating } of published) await this.summaries.add(manager, subject_id, rating);
  }
}
