import type { DataExportDto } from '@souvenir/contracts';
import { api } from '../../api/api';

/** "Download my data": the latest request, and asking for a new one (identity builds it, media keeps the zip). */
export const dataExportApi = api.injectEndpoints({
  endpoints: (build) => ({
    latestDataExport: build.query<DataExportDto | null, void>({
      query: () => '/me/export',
      transformResponse: (body: { export: DataExportDto | null }) => body.export,
      providesTags: ['DataExport'],
    }),
    requestDataExport: build.mutation<DataExportDto, void>({
      query: () => ({ url: '/me/export', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(dataExportApi.util.upsertQueryData('latestDataExport', undefined, data));
      },
    }),
  }),
});

/** Where the browser downloads an export (the gateway streams it; the session cookie goes along). */
export const dataExportUrl = (id: string) => `/api/me/export/${id}`;

export const { useLatestDataExportQuery, useRequestDataExportMutation } = dataExportApi;
