import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this network-less machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through their jest config');
  return url;
};

/** Where a person's browser window opens: its size (desktop unless told) and, when given, its locale. */
export interface PersonOptions {
  width?: number;
  height?: number;
  locale?: string;
}

/** A fresh browser profile (its own cookies), like a second person on another computer. */
export async function newPerson(
  browser: Browser,
  { width = 1280, height = 900, locale }: PersonOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, locale });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Makes a signed-in person a guest again by forgetting their cookies. Their page leaves the app first: the gateway
 * sets the cookies again when the session changes (sign-up, "last seen"), so a request of the signed-in page still in
 * flight (a poll, a refetch after registering) could bring them back after they were cleared, and the next page would
 * open signed in.
 */
export async function forgetSession(person: { context: BrowserContext; page: Page }): Promise<void> {
  await person.page.goto('about:blank');
  await person.context.clearCookies();
}

/** A unique suffix so tests never collide on usernames. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** A screenshot of the page at its width, into SHOTS_DIR when it is set (to look at the pages a test walks). */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage });
}

/**
 * Waits until React has hydrated the control (its props are on the element). Before that, a prerendered page's tap is
 * held and replayed later (web/scripts/first-tap.js), so a `check()` would see no change at once on a loaded machine.
 */
export async function untilHydrated(control: Locator): Promise<void> {
  await control.waitFor({ state: 'attached' });
  await control
    .page()
    .waitForFunction(
      (element) => !!element && Object.keys(element).some((key) => key.startsWith('__reactProps$')),
      await control.elementHandle(),
    );
}
