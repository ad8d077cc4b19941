import type { BrowserContext } from 'playwright-core';

/**
 * Pages of this browser open no live stream, as when it is down: they poll as the spec says, and a page
 * keeps what it showed until its next poll. Removing EventSource rather than refusing /api/stream with a route keeps
 * the browser's HTTP cache (Playwright turns it off for a context with routes), which the polls' 304s rely on.
 */
export function withoutLiveStream(context: BrowserContext): Promise<void> {
  return context.addInitScript(() => {
    Reflect.deleteProperty(window, 'EventSource');
  });
}
