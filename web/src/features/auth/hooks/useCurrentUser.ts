import { authApi, useGetMeQuery } from '../../../api/authApi';

/** The signed-in user (null when signed out) and whether that is still being checked. */
export function useCurrentUser() {
  const { data, isLoading } = useGetMeQuery();
  return { user: data ?? null, isLoading };
}

/**
 * The signed-in user's id (null when signed out or not known yet), read from the session the header already asks for
 * (`useCurrentUser` there), without a subscription of its own. For parts repeated many times on a page, such as the
 * product cards of a list: each subscription is an action dispatched from an effect and another store listener, and
 * 24 cards' worth of them lengthened the task that mounts a page of results.
 */
export function useCurrentUserId(): string | null {
  return authApi.endpoints.getMe.useQueryState(undefined, { selectFromResult: (r) => ({ id: r.data?.id ?? null }) }).id;
}
