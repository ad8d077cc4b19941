import type {
  CreateReportDto,
  Done,
  KeywordsListDto,
  ModerationAction,
  ModerationDecisionDto,
  ModerationQueuePageDto,
  ReportDto,
} from '@souvenir/contracts';
import { api } from '../../api/api';

export const MODERATION_QUEUE_TAG = { type: 'Moderation' as const, id: 'QUEUE' };

/** Reports (anyone signed in), appeals (the reported person) and support's moderation queue. */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reports a listing, a message, a review or a person; one open report per person and subject (409). */
    createReport: build.mutation<ReportDto, CreateReportDto>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
    }),
    /** The reported person's one appeal against support's decision. */
    appealReport: build.mutation<Done, { reportId: string; message: string }>({
      query: ({ reportId, message }) => ({
        url: `/reports/${encodeURIComponent(reportId)}/appeal`,
        method: 'POST',
        body: { message },
      }),
    }),
    /** Support's queue, oldest first (the first page). */
    getModerationQueue: build.query<ModerationQueuePageDto, void>({
      query: () => '/support/reports',
      providesTags: [MODERATION_QUEUE_TAG],
    }),
    decideReport: build.mutation<ModerationDecisionDto, { reportId: string; action: ModerationAction; reason: string }>(
      {
        query: ({ reportId, action, reason }) => ({
          url: `/support/reports/${encodeURIComponent(reportId)}/decision`,
          method: 'POST',
          body: { action, reason },
        }),
        invalidatesTags: [MODERATION_QUEUE_TAG, 'Product'],
      },
    ),
    getKeywords: build.query<KeywordsListDto, void>({ query: () => '/support/moderation/keywords' }),
  }),
});

export const { useCreateReportMutation, useAppealReportMutation, useGetModerationQueueQuery, useDecideReportMutation } =
  moderationApi;
