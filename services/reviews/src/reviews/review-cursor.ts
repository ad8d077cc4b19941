import { timeIdCursor } from '@souvenir/platform';

/**
 * Where a page of a user's reviews ends: the last review's publication time (with Postgres's microseconds) and id,
 * the order of reviews_subject_published_idx. Both reviews of an order share a publication time; the id breaks ties.
 */
export interface ReviewKey {
  publishedAt: string;
  id: string;
}

export const { encode: encodeReviewCursor, decode: decodeReviewCursor } = timeIdCursor('publishedAt', 'id');

/** Where a page of the reported-reviews queue ends: the oldest open report's time (microseconds) and the review id. */
export interface ReportedKey {
  reportedAt: string;
  id: string;
}

export const { encode: encodeReportedCursor, decode: decodeReportedCursor } = timeIdCursor('reportedAt', 'id');
