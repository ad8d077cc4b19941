import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS, type RatingSummaryDto } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';

interface SummaryRow {
  review_count: number;
  rating_sum: number;
  stars_1: number;
  stars_2: number;
  stars_3: number;
  stars_4: number;
  stars_5: number;
  version: number;
}

/**
 * Each user's rating: count, sum and distribution of the published reviews about them, moved in the transaction of
 * each publication (with its `rating.changed` event), so a rating is read by key, never counted.
 */
@Injectable()
export class RatingSummaries {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Adds one published review of `rating` stars to the user's summary and announces the new rating. */
  async add(manager: EntityManager, userId: string, rating: number): Promise<void> {
    const stars = [1, 2, 3, 4, 5].map((n) => (n === rating ? 1 : 0));
    const [row]: SummaryRow[] = await manager.query(
      `INSERT INTO reviews.rating_summaries AS s
         (user_id, review_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, version)
       VALUES ($1, 1, $2, $3, $4, $5, $6, $7, 1)
       ON CONFLICT (user_id) DO UPDATE SET
         review_count = s.review_count + 1, rating_sum = s.rating_sum + EXCLUDED.rating_sum,
         stars_1 = s.stars_1 + EXCLUDED.stars_1, stars_2 = s.stars_2 + EXCLUDED.stars_2,
         stars_3 = s.stars_3 + EXCLUDED.stars_3, stars_4 = s.stars_4 + EXCLUDED.stars_4,
         stars_5 = s.stars_5 + EXCLUDED.stars_5, version = s.version + 1
       RETURNING *`,
      [userId, rating, ...stars],
    );
    await this.announce(manager, userId, row);
  }

  /** Takes one review of `rating` stars out of the user's summary (support hid it) and announces the new rating. */
  async remove(manager: EntityManager, userId: string, rating: number): Promise<void> {
    const [[row]]: [SummaryRow[], number] = await manager.query(
      `UPDATE reviews.rating_summaries SET review_count = review_count - 1, rating_sum = rating_sum - $2,
         stars_${starColumn(rating)} = stars_${starColumn(rating)} - 1, version = version + 1
       WHERE user_id = $1 RETURNING *`,
      [userId, rating],
    );
    if (!row) throw new Error(`no rating summary for ${userId}, which a published review would have made`);
    await this.announce(manager, userId, row);
  }

  private async announce(manager: EntityManager, userId: string, row: SummaryRow): Promise<void> {
    await this.outbox.add(manager, EVENTS.reviews.ratingChanged, {
      userId,
      average: averageOf(row),
      count: row.review_count,
      version: row.version,
      occurredAt: new Date().toISOString(),
    });
  }

  async get(userId: string): Promise<RatingSummaryDto> {
    const [row]: (SummaryRow | undefined)[] = await this.dataSource.query(
      `SELECT * FROM reviews.rating_summaries WHERE user_id = $1`,
      [userId],
    );
    return {
      userId,
      average: row ? averageOf(row) : null,
      count: row?.review_count ?? 0,
      distribution: {
        '1': row?.stars_1 ?? 0,
        '2': row?.stars_2 ?? 0,
        '3': row?.stars_3 ?? 0,
        '4': row?.stars_4 ?? 0,
        '5': row?.stars_5 ?? 0,
      },
    };
  }
}

/** The mean of the stars, to two decimals (4.666… → 4.67). */
function averageOf(row: SummaryRow): number | null {
  return row.review_count ? Math.round((row.rating_sum / row.review_count) * 100) / 100 : null;
}

/** The distribution column of whole stars 1–5 (a number checked here, never text, goes into the statement). */
function starColumn(rating: number): number {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new Error(`not a star rating: ${rating}`);
  return rating;
}
