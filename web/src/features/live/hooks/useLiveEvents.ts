import { useEffect } from 'react';
import type { LiveEventDto } from '@souvenir/contracts';
import { api } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import type { AppDispatch } from '../../../app/store';
import { useCurrentUserId } from '../../auth/hooks/useCurrentUser';
import { setLive } from '../liveStatus';

type LiveTags = typeof import('../liveTags');

/**
 * The signed-in person's live stream, one per tab (mounted once, in the app shell): each pushed event makes what
 * shows it stale in RTK Query's cache. The browser reconnects by itself after a drop and resumes after the last
 * event id; while it is down the pages poll as the spec says (useLivePolling). After a reconnect, and when the
 * server could not replay a gap (`refetch`), what the pages show loads again.
 */
export function useLiveEvents(): void {
  // Only the id: the app shell (Layout) runs this hook, and every other change of the session query (its request
  // starting and ending) re-rendered the whole shell, header and footer, on each page's first load.
  const meId = useCurrentUserId();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!meId || typeof EventSource === 'undefined') return;
    // What an event makes stale is read from the features' endpoints (reviews, an order's messages): loaded with the
    // stream, for the signed-in person only, and not with every guest's start.
    let source: EventSource | undefined;
    let stopped = false;
    import('../liveTags')
      .then((tags) => {
        if (!stopped) source = openLiveStream(tags, meId, dispatch);
      })
      // Its chunk did not load (offline, or a deploy replaced it): no stream, so the pages keep polling.
      .catch(() => setLive(false));
    return () => {
      stopped = true;
      source?.close();
      setLive(false);
    };
  }, [meId, dispatch]);
}

function openLiveStream({ EVERYTHING_LIVE, tagsForLiveEvent }: LiveTags, meId: string, dispatch: AppDispatch) {
  const stream = new EventSource('/api/stream', { withCredentials: true });
  let opened = false;
  const reloadEverything = () => dispatch(api.util.invalidateTags(EVERYTHING_LIVE));
  stream.addEventListener('ready', () => {
    // A reconnect without an id to resume from (the first stream of the tab needs nothing reloaded).
    if (opened) reloadEverything();
    opened = true;
    setLive(true);
  });
  stream.addEventListener('refetch', () => {
    opened = true;
    setLive(true);
    reloadEverything();
  });
  stream.onopen = () => {
    if (opened) setLive(true);
  };
  stream.onmessage = (message: MessageEvent<string>) => {
    opened = true;
    setLive(true);
    const event = JSON.parse(message.data) as LiveEventDto;
    dispatch(api.util.invalidateTags(tagsForLiveEvent(event.data, meId, event.notificationId !== null)));
  };
  stream.onerror = () => setLive(false);
  return stream;
}
