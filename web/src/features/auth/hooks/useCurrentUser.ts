import { useGetMeQuery } from '../../../api/authApi';

/** The signed-in user (null when signed out) and whether that is still being checked. */
export function useCurrentUser() {
  const { data, isLoading } = useGetMeQuery();
  return { user: data ?? null, isLoading };
}
