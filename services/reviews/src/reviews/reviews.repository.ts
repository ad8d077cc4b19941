import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DELETED_USER_VERSION,
  type ReviewAuthorDto,
  type ReviewDto,
  type ReviewReportDto,
  type ReviewRole,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { isoMicros } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReportedKey, ReviewKey } from './review-cursor';

/** A completed order's review slots, with whether its window still takes reviews (by the database's clock). */
export interface OrderSlotsRow {
  order_id: string;
  product_id: string;
  buyer_id: string;
  seller_id: string;
  window_ends_at: Date;
  published_at: Date | null;
  is_open: boolean;
}

interface ReviewRow {
  id: string;
  order_id: string;
  product_id: string;
  author_role: ReviewRole;
  author_id: string;
  subject_id: string;
  rating: number;
  text: string;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  published_key: string | null;
  reply_text: string | null;
  replied_at: Date | null;
  hidden_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
}

/** A review just published: who wrote it about whom, and its stars. */
export interface PublishedReviewRow {
  id: string;
  author_id: string;
  subject_id: string;
  rating: number;
}

/** `hidden`: support hid it (out of every list and of the rating). */
export type StoredReview = ReviewDto & { key: ReviewKey | null; hidden: boolean };

/** A review as report and moderation check it (locked). */
export interface LockedReview {
  authorId: string;
  subjectId: string;
  rating: number;
  published: boolean;
  hidden: boolean;
  replied: boolean;
  reported: boolean;
}

/** A reported review as the support queue lists it. */
export interface ReportedReviewRow {
  review: StoredReview;
  subject: ReviewAuthorDto | null;
  reportCount: number;
  reports: ReviewReportDto[];
  reportedAt: string;
  key: ReportedKey;
}

/** How many of a review's open reports the queue shows (the count says how many there are). */
export const REPORTS_SHOWN = 10;

const ORDER_COLUMNS = `order_id, product_id, buyer_id, seller_id, window_ends_at, published_at,
  (published_at IS NULL AND window_ends_at > now()) AS is_open`;

/** A review with its order's product and its author's profile from the read model. */
const REVIEW_SELECT = `
  SELECT r.id, r.order_id, o.product_id, r.author_role, r.author_id, r.subject_id, r.rating, r.text, r.created_at,
         r.updated_at, r.published_at, ${isoMicros('r.published_at')} AS published_key, r.reply_text, r.replied_at,
         r.hidden_at, u.first_name, u.last_name, u.avatar
  FROM reviews.reviews r
  JOIN reviews.orders o ON o.order_id = r.order_id
  LEFT JOIN reviews.users u ON u.id = r.author_id`;

/** Plain SQL: every statement here reads or writes a handful of rows by key. */
@Injectable()
export class ReviewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a completed order's slots; false when they were recorded already. */
  async addOrder(
    manager: EntityManager,
    order: { orderId: string; productId: string; buyerId: string; sellerId: string; completedAt: Date },
    windowEndsAt: Date,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO reviews.orders (order_id, product_id, buyer_id, seller_id, completed_at, window_ends_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
      [order.orderId, order.productId, order.buyerId, order.sellerId, order.completedAt, windowEndsAt],
    );
    return rows.length > 0;
  }

  /** Records the reminder of one person of an order; false when it was recorded already. */
  async recordReminder(manager: EntityManager, orderId: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO reviews.reminders (order_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING order_id`,
      [orderId, userId],
    );
    return rows.length > 0;
  }

  /** The order's slots, locked: a review, its publication and the window's end are decided one at a time. */
  async lockOrder(manager: EntityManager, orderId: string): Promise<OrderSlotsRow | null> {
    const rows: OrderSlotsRow[] = await manager.query(
      `SELECT ${ORDER_COLUMNS} FROM reviews.orders WHERE order_id = $1 FOR UPDATE`,
      [orderId],
    );
    return rows[0] ?? null;
  }

  async findOrder(orderId: string): Promise<OrderSlotsRow | null> {
    const rows: OrderSlotsRow[] = await this.dataSource.query(
      `SELECT ${ORDER_COLUMNS} FROM reviews.orders WHERE order_id = $1`,
      [orderId],
    );
    return rows[0] ?? null;
  }

  async insertReview(
    manager: EntityManager,
    review: {
      id: string;
      orderId: string;
      role: ReviewRole;
      authorId: string;
      subjectId: string;
      rating: number;
      text: string;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO reviews.reviews (id, order_id, author_role, author_id, subject_id, rating, text)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [review.id, review.orderId, review.role, review.authorId, review.subjectId, review.rating, review.text],
    );
  }

  /** Changes the author's hidden review (the caller has checked it exists and the order is still open). */
  async updateHiddenReview(
    manager: EntityManager,
    orderId: string,
    role: ReviewRole,
    change: { rating: number; text: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE reviews.reviews SET rating = $3, text = $4, updated_at = now()
       WHERE order_id = $1 AND author_role = $2 AND published_at IS NULL`,
      [orderId, role, change.rating, change.text],
    );
  }

  /** Publishes every review of the order at once; answers what each gave whom. */
  async publishReviews(manager: EntityManager, orderId: string): Promise<PublishedReviewRow[]> {
    await manager.query(`UPDATE reviews.orders SET published_at = now() WHERE order_id = $1`, [orderId]);
    const [published]: [PublishedReviewRow[], number] = await manager.query(
      `UPDATE reviews.reviews SET published_at = now() WHERE order_id = $1 AND published_at IS NULL
       RETURNING id, author_id, subject_id, rating`,
      [orderId],
    );
    return published;
  }

  /**
   * The review's people and state, locked so that two replies cannot both be the first, and a report, a hide and a
   * dismissal take turns.
   */
  async lockReview(manager: EntityManager, reviewId: string): Promise<LockedReview | null> {
    const rows: {
      author_id: string;
      subject_id: string;
      rating: number;
      published_at: Date | null;
      hidden_at: Date | null;
      replied_at: Date | null;
      reported_at: Date | null;
    }[] = await manager.query(
      `SELECT author_id, subject_id, rating, published_at, hidden_at, replied_at, reported_at
       FROM reviews.reviews WHERE id = $1 FOR UPDATE`,
      [reviewId],
    );
    const row = rows[0];
    return row
      ? {
          authorId: row.author_id,
          subjectId: row.subject_id,
          rating: row.rating,
          published: row.published_at !== null,
          hidden: row.hidden_at !== null,
          replied: row.replied_at !== null,
          reported: row.reported_at !== null,
        }
      : null;
  }

  /** Records one person's report and puts the review in the support queue; false when they had reported it already. */
  async addReport(manager: EntityManager, reviewId: string, reporterId: string, reason: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO reviews.review_reports (review_id, reporter_id, reason) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING review_id`,
      [reviewId, reporterId, reason],
    );
    if (rows.length === 0) return false;
    await manager.query(`UPDATE reviews.reviews SET reported_at = coalesce(reported_at, now()) WHERE id = $1`, [
      reviewId,
    ]);
    return true;
  }

  /** Takes the review out of the support queue and closes its open reports; `hide` also hides it. */
  async closeReports(manager: EntityManager, reviewId: string, hide: boolean): Promise<void> {
    await manager.query(
      `UPDATE reviews.reviews SET reported_at = NULL${hide ? ', hidden_at = now()' : ''} WHERE id = $1`,
      [reviewId],
    );
    await manager.query(
      `UPDATE reviews.review_reports SET closed_at = now() WHERE review_id = $1 AND closed_at IS NULL`,
      [reviewId],
    );
  }

  /** How many reviews wait in the support queue, by reviews_reported_idx. */
  async countReported(): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM reviews.reviews WHERE reported_at IS NOT NULL`,
    );
    return row?.count ?? 0;
  }

  /** A page of the support queue, oldest open report first, by reviews_reported_idx. */
  async reportedPage(limit: number, after: ReportedKey | null): Promise<ReportedReviewRow[]> {
    const select = `
      SELECT q.*, ${isoMicros('q.reported_at')} AS reported_key, s.first_name AS subject_first_name,
             s.last_name AS subject_last_name, s.avatar AS subject_avatar
      FROM (${REVIEW_SELECT.replace('r.hidden_at,', 'r.hidden_at, r.reported_at,')}
            WHERE r.reported_at IS NOT NULL ${after ? 'AND (r.reported_at, r.id) > ($2::timestamptz, $3::uuid)' : ''}
            ORDER BY r.reported_at, r.id LIMIT $1) q
      LEFT JOIN reviews.users s ON s.id = q.subject_id
      ORDER BY q.reported_at, q.id`;
    const rows: (ReviewRow & {
      reported_at: Date;
      reported_key: string;
      subject_first_name: string | null;
      subject_last_name: string | null;
      subject_avatar: string | null;
    })[] = await this.dataSource.query(select, after ? [limit, after.reportedAt, after.id] : [limit]);
    if (rows.length === 0) return [];
    // Each review's first open reports and their count, by review_reports_open_idx.
    const reports: { review_id: string; reporter_id: string; reason: string; created_at: Date; total: number }[] =
      await this.dataSource.query(
        `SELECT rv.id AS review_id, rp.reporter_id, rp.reason, rp.created_at, c.total
         FROM unnest($1::uuid[]) AS rv (id)
         CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM reviews.review_reports
                             WHERE review_id = rv.id AND closed_at IS NULL) c
         CROSS JOIN LATERAL (SELECT reporter_id, reason, created_at FROM reviews.review_reports
                             WHERE review_id = rv.id AND closed_at IS NULL ORDER BY created_at LIMIT $2) rp`,
        [rows.map((row) => row.id), REPORTS_SHOWN],
      );
    return rows.map((row) => {
      const mine = reports.filter((report) => report.review_id === row.id);
      return {
        review: toReview(row),
        subject:
          row.subject_first_name === null
            ? null
            : {
                id: row.subject_id,
                firstName: row.subject_first_name,
                lastName: row.subject_last_name ?? '',
                avatar: row.subject_avatar,
              },
        reportCount: mine[0]?.total ?? 0,
        reports: mine.map((report) => ({
          reporterId: report.reporter_id,
          reason: report.reason,
          createdAt: report.created_at.toISOString(),
        })),
        reportedAt: row.reported_at.toISOString(),
        key: { reportedAt: row.reported_key, id: row.id },
      };
    });
  }

  async saveReply(manager: EntityManager, reviewId: string, text: string): Promise<void> {
    await manager.query(`UPDATE reviews.reviews SET reply_text = $2, replied_at = now() WHERE id = $1`, [
      reviewId,
      text,
    ]);
  }

  async reviewsOfOrder(orderId: string, manager: EntityManager = this.dataSource.manager): Promise<StoredReview[]> {
    const rows: ReviewRow[] = await manager.query(`${REVIEW_SELECT} WHERE r.order_id = $1`, [orderId]);
    return rows.map(toReview);
  }

  async reviewById(reviewId: string, manager: EntityManager = this.dataSource.manager): Promise<StoredReview | null> {
    const rows: ReviewRow[] = await manager.query(`${REVIEW_SELECT} WHERE r.id = $1`, [reviewId]);
    return rows[0] ? toReview(rows[0]) : null;
  }

  /** A page of the visible published reviews about a user, newest first, by reviews_subject_published_idx. */
  async publishedAbout(userId: string, limit: number, after: ReviewKey | null): Promise<StoredReview[]> {
    const rows: ReviewRow[] = after
      ? await this.dataSource.query(
          `${REVIEW_SELECT} WHERE r.subject_id = $1 AND r.published_at IS NOT NULL AND r.hidden_at IS NULL
             AND (r.published_at, r.id) < ($3::timestamptz, $4::uuid)
           ORDER BY r.published_at DESC, r.id DESC LIMIT $2`,
          [userId, limit, after.publishedAt, after.id],
        )
      : await this.dataSource.query(
          `${REVIEW_SELECT} WHERE r.subject_id = $1 AND r.published_at IS NOT NULL AND r.hidden_at IS NULL
           ORDER BY r.published_at DESC, r.id DESC LIMIT $2`,
          [userId, limit],
        );
    return rows.map(toReview);
  }

  /** Whether the account was deleted (its row pinned at DELETED_USER_VERSION by the erasure); by primary key. */
  async isDeleted(manager: EntityManager, userId: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT 1 FROM reviews.users WHERE id = $1 AND version = $2`, [
      userId,
      DELETED_USER_VERSION,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** A user's name and avatar from identity's events; an older version arriving late changes nothing. */
  async applyProfile(manager: EntityManager, event: UserProfileChangedEvent): Promise<void> {
    await manager.query(
      `INSERT INTO reviews.users (id, first_name, last_name, avatar, version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         avatar = EXCLUDED.avatar, version = EXCLUDED.version
       WHERE reviews.users.version < EXCLUDED.version`,
      [event.userId, event.firstName, event.lastName, event.avatar ?? null, event.version],
    );
  }
}

function toReview(row: ReviewRow): StoredReview {
  return {
    id: row.id,
    orderId: row.order_id,
    productId: row.product_id,
    authorRole: row.author_role,
    author:
      row.first_name === null
        ? null
        : { id: row.author_id, firstName: row.first_name, lastName: row.last_name ?? '', avatar: row.avatar },
    subjectId: row.subject_id,
    rating: row.rating,
    text: row.text,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publishedAt: row.published_at?.toISOString() ?? null,
    reply: row.reply_text && row.replied_at ? { text: row.reply_text, createdAt: row.replied_at.toISOString() } : null,
    key: row.published_key ? { publishedAt: row.published_key, id: row.id } : null,
    hidden: row.hidden_at !== null,
  };
}
