import type { Browser, Page } from 'playwright-core';
import { registerPerson } from './actors';
import { launchBrowser, newPerson } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Errors the page reports: React reports a failed hydration as an uncaught error and on the console. Failed
 * requests are left out: a guest's session check answers 401 by design.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

/** Remembers the first hero headline the HTML parser adds, to tell a hydrated page from a rendered-again one. */
async function rememberFirstHeadline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      const heading = document.getElementById('hero-heading');
      if (heading) {
        (window as unknown as { firstHeadline: Element }).firstHeadline = heading;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('Home, prerendered', () => {
  it('arrives as HTML at "/" only; other paths get the empty shell', async () => {
    const { context, page } = await newPerson(browser);
    const home = await page.request.get('/');
    expect(home.status()).toBe(200);
    const html = await home.text();
    expect(html).toContain('Souvenirs from around the world, without the plane ticket');
    expect(html).toContain('role="search"');
    // Marked as emotion's own (data-s), so the browser's emotion cache leaves them in place instead of moving them.
    expect(html).toMatch(/<style data-s="" data-emotion="css [^"]+">/);
    for (const path of ['/how-it-works', '/product/00000000-0000-4000-8000-000000000000', '/no-such-page']) {
      const shell = await (await page.request.get(path)).text();
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).not.toContain('hero-heading');
    }
    await context.close();
  });

  it('is hydrated, not rendered again, for a guest and for a signed-in person, and its search works', async () => {
    const { context, page } = await newPerson(browser);
    await rememberFirstHeadline(page);
    const errors = collectErrors(page);
    await page.goto('/');
    await page.getByText(/^Showing \d+ results?$/).waitFor(); // the app is running and has its data
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { firstHeadline?: Element }).firstHeadline === document.getElementById('hero-heading'),
      ),
    ).toBe(true);

    await page.getByRole('textbox', { name: 'What are you looking for?' }).fill('mug');
    await page.getByRole('textbox', { name: 'What are you looking for?' }).press('Enter');
    await page.waitForURL(/\?search=mug$/);
    await page.getByText(/Showing \d+ results? for "mug"/).waitFor();

    // Signed in, the prerendered header (the session still being read) becomes the person's own.
    await registerPerson(page, 'Ines');
    await page.goto('/');
    await page.getByRole('button', { name: 'Account: Ines' }).waitFor();
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { firstHeadline?: Element }).firstHeadline === document.getElementById('hero-heading'),
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
