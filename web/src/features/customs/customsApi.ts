import type {
  CustomsRuleDto,
  CustomsRuleHistoryDto,
  CustomsRuleInputDto,
  ProductCustomsDto,
  ProductDto,
  ProvenanceDecision,
  ProvenanceReviewItemDto,
} from '@souvenir/contracts';
import { api } from '../../api/api';

/** Support's provenance queue and its count in the support nav: a decision makes both load again. */
export const PROVENANCE_QUEUE_TAG = { type: 'Product' as const, id: 'PROVENANCE_QUEUE' };

/** Customs rules, a product's customs panel and support's customs tools. */
export const customsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductCustoms: build.query<ProductCustomsDto, string>({
      query: (productId) => `/products/${encodeURIComponent(productId)}/customs`,
      providesTags: (_result, _error, productId) => [{ type: 'Product', id: productId }],
    }),
    getCountryRules: build.query<CustomsRuleDto[], string>({
      query: (country) => `/customs/rules?country=${encodeURIComponent(country)}`,
    }),
    getSupportCustomsRules: build.query<CustomsRuleDto[], void>({
      query: () => '/support/customs-rules',
      keepUnusedDataFor: 0,
    }),
    getCustomsRuleHistory: build.query<CustomsRuleHistoryDto[], string>({
      query: (ruleId) => `/support/customs-rules/${encodeURIComponent(ruleId)}/history`,
      keepUnusedDataFor: 0,
    }),
    saveCustomsRule: build.mutation<
      CustomsRuleDto,
      { ruleId?: string; expectedVersion?: number; rule: CustomsRuleInputDto }
    >({
      query: ({ ruleId, expectedVersion, rule }) =>
        ruleId
          ? {
              url: `/support/customs-rules/${encodeURIComponent(ruleId)}`,
              method: 'PUT',
              body: { ...rule, expectedVersion },
            }
          : { url: '/support/customs-rules', method: 'POST', body: rule },
    }),
    getProvenanceQueue: build.query<ProvenanceReviewItemDto[], void>({
      query: () => '/support/provenance',
      keepUnusedDataFor: 0,
      providesTags: [PROVENANCE_QUEUE_TAG],
    }),
    decideProvenance: build.mutation<ProductDto, { productId: string; decision: ProvenanceDecision }>({
      query: ({ productId, decision }) => ({
        url: `/support/provenance/${encodeURIComponent(productId)}/decision`,
        method: 'POST',
        body: { decision },
      }),
      invalidatesTags: (_result, _error, { productId }) => [{ type: 'Product', id: productId }, PROVENANCE_QUEUE_TAG],
    }),
  }),
});

export const {
  useGetProductCustomsQuery,
  useGetCountryRulesQuery,
  useGetSupportCustomsRulesQuery,
  useLazyGetCustomsRuleHistoryQuery,
  useSaveCustomsRuleMutation,
  useGetProvenanceQueueQuery,
  useDecideProvenanceMutation,
} = customsApi;
