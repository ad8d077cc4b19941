import { eventually } from '@souvenir/testing';
import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Everything the Content-Security-Policy blocked on this page: the browser's `securitypolicyviolation` events (one per
 * blocked script, style, image, frame or connection) and its console reports of them.
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}

describe('Content-Security-Policy in Chromium', () => {
  it('Home (prerendered, its inline boot script hashed) runs under the policy with no violation, and an injected inline script is blocked', async () => {
    const { context, page } = await newPerson(browser);
    const violations = await recordViolations(page);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    await page.getByText(/^Showing \d+ results?$/).waitFor(); // the entry started (by the boot script) and has its data
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await violations()).toEqual([]);

    // The policy is in force: an inline script that is not the build's is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.appendChild(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
    await context.close();
  });

  it('a profile with more listings than a page loads the rest with Load More, with no violation', async () => {
    const { context, page } = await newPerson(browser);
    const violations = await recordViolations(page);
    const seller = await registerPerson(page, 'Lantern');
    for (let i = 0; i < 26; i += 1) await listProduct(page, `Paper lantern number ${i}`);
    const sold = await callApi<{ id: string }[]>(page, 'GET', `/api/users/${seller.id}/products?status=sold`);
    expect(sold).toEqual({ status: 200, body: [] });
    await page.goto(`/profile/${seller.id}`);
    await page.getByRole('tab', { name: 'Active Listings (26)' }).waitFor();
    const cards = page.getByRole('tabpanel').getByRole('article');
    await eventually(async () => expect(await cards.count()).toBe(24)); // the first page
    await page.getByRole('button', { name: 'Load More Products' }).click();
    await eventually(async () => expect(await cards.count()).toBe(26));
    expect(await page.getByRole('button', { name: 'Load More Products' }).count()).toBe(0);
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
