import { describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useLoadMore, type InfiniteList } from './useLoadMore';

/** An infinite query's result as RTK Query reports it, one state after another. */
function list(pages: number, state: Partial<InfiniteList> = {}): InfiniteList {
  return {
    data: { pages: Array.from({ length: pages }) },
    hasNextPage: true,
    isFetching: false,
    isFetchingNextPage: false,
    isError: false,
    fetchNextPage: () => undefined,
    ...state,
  };
}

function renderLoadMore(first: InfiniteList) {
  const fetchNextPage = jest.fn();
  const withFetch = (state: InfiniteList) => ({ ...state, fetchNextPage });
  const hook = renderHook((state: InfiniteList) => useLoadMore(withFetch(state)), { initialProps: first });
  return { ...hook, fetchNextPage, update: (state: InfiniteList) => hook.rerender(state) };
}

describe('useLoadMore', () => {
  it('asks for the next page at once when nothing is being fetched', () => {
    const { result, fetchNextPage, update } = renderLoadMore(list(1));
    act(() => result.current.loadMore());
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(result.current.isLoadingMore).toBe(true);
    update(list(1, { isFetching: true, isFetchingNextPage: true }));
    update(list(2));
    expect(result.current.isLoadingMore).toBe(false);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('keeps a tap made while the list is fetched again, and asks once that fetch ends', () => {
    const { result, fetchNextPage, update } = renderLoadMore(list(1, { isFetching: true }));
    act(() => result.current.loadMore());
    expect(fetchNextPage).not.toHaveBeenCalled();
    expect(result.current.isLoadingMore).toBe(true);
    update(list(1, { fulfilledTimeStamp: 1 }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    update(list(2, { fulfilledTimeStamp: 2 }));
    expect(result.current.isLoadingMore).toBe(false);
  });

  it('asks again when its ask was ignored for a fetch the render had not seen yet', () => {
    const { result, fetchNextPage, update } = renderLoadMore(list(1, { fulfilledTimeStamp: 1 }));
    act(() => result.current.loadMore());
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    // That other fetch ends with the same pages: the page asked for never came.
    update(list(1, { fulfilledTimeStamp: 2 }));
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('drops the wish at an error once it asked, and the next tap asks again', () => {
    const { result, fetchNextPage, update } = renderLoadMore(list(1, { isError: true }));
    act(() => result.current.loadMore());
    // The error from before the tap does not drop it.
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    update(list(1, { isFetching: true, isFetchingNextPage: true }));
    update(list(1, { isError: true, fulfilledTimeStamp: 3 }));
    expect(result.current.isLoadingMore).toBe(false);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    act(() => result.current.loadMore());
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('drops the wish at the end of the list', () => {
    const { result, fetchNextPage, update } = renderLoadMore(list(1, { isFetching: true }));
    act(() => result.current.loadMore());
    update(list(1, { hasNextPage: false }));
    expect(fetchNextPage).not.toHaveBeenCalled();
    expect(result.current.isLoadingMore).toBe(false);
  });
});
