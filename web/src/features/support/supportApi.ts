import type { SupportQueueCountsDto } from '@souvenir/contracts';
import { api } from '../../api/api';
import { PROVENANCE_QUEUE_TAG } from '../customs/customsApi';
import { MODERATION_QUEUE_TAG } from '../moderation/moderationApi';

/** The support nav's counts: every decision in a queue invalidates that queue's tag, so the count follows. */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportQueues: build.query<SupportQueueCountsDto, void>({
      query: () => '/support/queues',
      keepUnusedDataFor: 0,
      providesTags: [
        { type: 'Order', id: 'SUPPORT' },
        { type: 'Review', id: 'REPORTED' },
        PROVENANCE_QUEUE_TAG,
        MODERATION_QUEUE_TAG,
      ],
    }),
  }),
});

export const { useGetSupportQueuesQuery } = supportApi;
