import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** A failed call: `message` is "<status>: <body message or status text>" (spec section 8). */
export interface ApiError {
  status: number | string;
  /** "<status>: <server message>" */
  message: string;
  /** The server's own sentence, for toasts. */
  serverMessage: string;
  data?: unknown;
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include' });

function bodyMessage(data: unknown): string | undefined {
  if (typeof data === 'string') return data.trim() || undefined;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (Array.isArray(message)) return message.join(', ');
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

function toApiError(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): ApiError {
  if (typeof error.status === 'number' || error.status === 'PARSING_ERROR') {
    const status = typeof error.status === 'number' ? error.status : error.originalStatus;
    const serverMessage = bodyMessage(error.data) ?? (meta?.response?.statusText || 'Request failed');
    return { status, message: `${status}: ${serverMessage}`, serverMessage, data: error.data };
  }
  const serverMessage = error.status === 'TIMEOUT_ERROR' ? 'The request timed out' : 'An error occurred';
  return { status: error.status, message: `${error.status}: ${serverMessage}`, serverMessage };
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extra,
) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error) return { error: toApiError(result.error, result.meta), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

export const TAG_TYPES = [
  'Me',
  'User',
  'Product',
  'UserProducts',
  'Category',
  'Favorite',
  'Conversation',
  'Message',
  'Order',
  'Payout',
  'Notification',
  'NotificationSettings',
  // Declared here too (features/reviews adds it) so that a pushed event can make reviews stale (features/live).
  'Review',
  // The person's data export (features/profile), made stale when its ready event is pushed.
  'DataExport',
  // Support's moderation queue (features/moderation).
  'Moderation',
  // The people the signed-in person blocked (features/safety).
  'Block',
  // A person's away mode (features/profile): their own settings, and whether a seller is away.
  'Away',
  // Offers made and received (features/offers), made stale when an offer.changed event is pushed.
  'Offer',
  // The signed-in person's saved searches (features/alerts), made stale when a new match is pushed.
  'SavedSearch',
  // The signed-in seller's bundle discount (features/bundle).
  'BundleDiscount',
] as const;

/**
 * The one RTK Query api of the app; features inject their endpoints.
 * Data is never refetched on its own (spec section 4): no focus/reconnect refetch, kept for a day, no retries.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 24 * 60 * 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/** Reads an error of a query or mutation hook as an ApiError. */
export function asApiError(error: unknown): ApiError | undefined {
  if (error && typeof error === 'object' && 'message' in error && 'status' in error) return error as ApiError;
  return undefined;
}

/** The next page's cursor of a keyset-paginated list (its `X-Next-Cursor` header); null on the last page. */
export function nextCursorOf(meta: FetchBaseQueryMeta | undefined): string | null {
  return meta?.response?.headers.get('X-Next-Cursor') || null;
}
