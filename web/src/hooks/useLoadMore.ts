import { useCallback, useEffect, useRef, useState } from 'react';

/** What useLoadMore reads of an RTK Query infinite query's result. */
export interface InfiniteList {
  data?: { pages: readonly unknown[] };
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  /** When its last fetch ended: a wish asked for during a fetch this render had not seen yet asks again then. */
  fulfilledTimeStamp?: number;
  fetchNextPage: () => unknown;
}

/**
 * "Load more" that never loses a tap. RTK Query ignores a next page asked for while the list is being fetched again
 * (a poll, a live event's refetch), which left the button as it was with nothing loading. The wish is kept until a
 * page more is there: asked for at once, and again each time a fetch ends without it; the end of the list, or an
 * error once it was asked for, drops it (the next tap asks again). `isLoadingMore` is true from the tap on.
 */
export function useLoadMore(list: InfiniteList): { loadMore: () => void; isLoadingMore: boolean } {
  const pages = list.data?.pages.length ?? 0;
  // The number of pages there were when more was asked for; null: nothing asked for.
  const [wantedAfter, setWantedAfter] = useState<number | null>(null);
  // Whether this wish has asked yet: an error from before the tap does not drop it.
  const asked = useRef(false);
  const { hasNextPage, isFetching, isError, fulfilledTimeStamp, fetchNextPage } = list;

  useEffect(() => {
    if (wantedAfter === null || isFetching) return;
    if (pages > wantedAfter || !hasNextPage || (isError && asked.current)) {
      setWantedAfter(null);
      return;
    }
    asked.current = true;
    void fetchNextPage();
  }, [wantedAfter, pages, hasNextPage, isFetching, isError, fulfilledTimeStamp, fetchNextPage]);

  const loadMore = useCallback(() => {
    asked.current = false;
    setWantedAfter((wanted) => wanted ?? pages);
  }, [pages]);
  return { loadMore, isLoadingMore: list.isFetchingNextPage || wantedAfter !== null };
}
