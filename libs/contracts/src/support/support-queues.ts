import { IsUUID } from 'class-validator';

/** A count of one service's support queue(s): support only (FORBIDDEN otherwise). */
export class CountSupportQueueRequest {
  @IsUUID('all') actorId!: string;
}

/** payments' queues: undecided claims and orders whose card payment the buyer's bank disputes. */
export interface PaymentsQueueCountsDto {
  claims: number;
  disputes: number;
}

/** catalog's queue: documented listings nobody has reviewed. */
export interface ProvenanceQueueCountDto {
  provenance: number;
}

/** reviews' queue: published reviews with open reports. */
export interface ReportedReviewsCountDto {
  reviews: number;
}

/** moderation's queue: reported subjects (and appeals) waiting for support's decision. */
export interface ModerationReportsCountDto {
  reports: number;
}

/** `GET /api/support/queues`: what waits in each support queue, the nav's counts. */
export interface SupportQueueCountsDto
  extends PaymentsQueueCountsDto, ProvenanceQueueCountDto, ReportedReviewsCountDto, ModerationReportsCountDto {}

/** The support queues, in the order the support nav lists them (each is a page: /support/<queue>). */
export const SUPPORT_QUEUES = ['claims', 'disputes', 'provenance', 'reviews', 'reports'] as const;
export type SupportQueue = (typeof SUPPORT_QUEUES)[number];
