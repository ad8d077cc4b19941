import { UserExportRequest, type UserExportPage } from '../export/user-export';
import { defineRpc, rpc, type Done } from '../rpc/contract';
import type { KeywordsListDto, ModerationDecisionDto, ModerationQueuePageDto, ReportDto } from './moderation.dto';
import {
  AppealReportRequest,
  CreateReportRequest,
  DecideReportRequest,
  GetKeywordsRequest,
  ListModerationQueueRequest,
  PutKeywordsRequest,
} from './moderation.rpc';
import { CountSupportQueueRequest, type ModerationReportsCountDto } from '../support/support-queues';

/** moderation's request/reply subjects, each with its request class and reply type. */
export const MODERATION_RPC = defineRpc('moderation', {
  /** CONFLICT while the same reporter's report on the same subject is open; NOT_FOUND for what they cannot see. */
  createReport: rpc('moderation.report.create', CreateReportRequest).returns<ReportDto>(),
  /** Support only: one case per subject, oldest first. */
  listQueue: rpc('moderation.report.list', ListModerationQueueRequest).returns<ModerationQueuePageDto>(),
  /** Support only: the support nav's count. */
  countQueue: rpc('moderation.report.count', CountSupportQueueRequest).returns<ModerationReportsCountDto>(),
  /** Support only: closes the case's reports and publishes the decision (outbox). */
  decide: rpc('moderation.report.decide', DecideReportRequest).returns<ModerationDecisionDto>(),
  /** The reported person, once per decision. */
  appeal: rpc('moderation.report.appeal', AppealReportRequest).returns<Done>(),
  getKeywords: rpc('moderation.keywords.get', GetKeywordsRequest).returns<KeywordsListDto>(),
  putKeywords: rpc('moderation.keywords.put', PutKeywordsRequest).returns<KeywordsListDto>(),
  exportUserData: rpc('moderation.user.export', UserExportRequest).returns<UserExportPage>(),
});
