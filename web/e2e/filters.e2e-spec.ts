import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeFindings } from './axe';
import { baseUrl, launchBrowser, newPerson, unique } from './browser';

// Finding things on Home: every active filter shown as a removable chip, "Clear all" clearing them all,
// an impossible price range explained, the phone's filters behind a drawer, the header search scrolling to the
// results, the Categories page counted by the server, and no page rendering again and again while nobody acts.

const SHOTS = '/tmp/shots21';
let browser: Browser;
/** A word only this file's products carry, so other tests' products never change these results. */
const marker = `zq${unique()}`;
const titles = {
  hat: `Chullo knitted hat ${marker}`,
  bowl: `Raku tea bowl ${marker}`,
  scarf: `Silk scarf ${marker}`,
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const { context, page } = await newPerson(browser);
  await registerPerson(page, 'Filterseller');
  await listProduct(page, titles.hat, { category: 'Clothing', country: 'Peru', price: 35, condition: 'new' });
  await listProduct(page, titles.bowl, {
    category: 'Art & Crafts',
    country: 'Japan',
    price: 60,
    condition: 'good',
    description: 'A ceramic tea bowl fired in a family kiln near Kyoto, crackled glaze.',
  });
  await listProduct(page, titles.scarf, { category: 'Textiles', country: 'France', price: 18, condition: 'new' });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

const chip = (page: Page, label: string) => page.getByRole('button', { name: `Remove filter ${label}` });
const chipList = (page: Page) => page.getByRole('list', { name: 'Active filters' });
const summary = (page: Page) => page.getByText(/^Showing [\d,+]+ results?$/);
const results = (page: Page) => page.locator('#products article');

describe('Home filters', () => {
  it('shows every active filter as a chip, removes one at a time, and "Clear all" clears search and country too', async () => {
    const { context, page } = await newPerson(browser);
    await page.goto(`/?search=${marker}&country=Peru&categories=Clothing&condition=new&minPrice=10#products`);
    for (const label of [`Search: ${marker}`, 'Country: Peru', 'Clothing', 'From $10', 'Condition: New'])
      await chip(page, label).waitFor();
    await page.getByRole('article', { name: titles.hat }).waitFor();
    expect(await results(page).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/filters-chips-1280.png` });
    expect(await axeFindings(page)).toEqual([]);

    await chip(page, 'Country: Peru').click();
    await page.waitForURL((url) => !url.searchParams.has('country'));
    await chip(page, 'Clothing').click();
    await chip(page, 'Condition: New').click();
    await page.getByRole('article', { name: titles.scarf }).waitFor();
    await page.getByRole('article', { name: titles.bowl }).waitFor();
    expect(await results(page).count()).toBe(3); // every one of them is from $10 up

    await chipList(page).waitFor();
    await page.locator('#products').getByRole('button', { name: 'Clear all' }).first().click();
    await page.waitForURL((url) => url.search === '');
    await chipList(page).waitFor({ state: 'detached' });
    await summary(page).waitFor();
    expect(await summary(page).textContent()).not.toContain(marker);
    await page.waitForFunction(
      () => (document.querySelector('input[aria-label="What are you looking for?"]') as HTMLInputElement).value === '',
    );
    await context.close();
  });

  it('keeps no country out of sight: a country from the hero shows as a chip, and the header search searches every country', async () => {
    const { context, page } = await newPerson(browser);
    await page.goto('/');
    await summary(page).waitFor();
    await page.getByRole('combobox', { name: /^Country/ }).click();
    await page.getByRole('option', { name: 'France' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await chip(page, 'Country: France').waitFor();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('searchbox', { name: 'Search souvenirs' }).fill(`raku tea bowl ${marker}`);
    await page.waitForURL((url) => url.searchParams.get('search') === `raku tea bowl ${marker}`);
    expect(new URL(page.url()).searchParams.has('country')).toBe(false);
    await page.getByRole('article', { name: titles.bowl }).waitFor();
    expect(await chip(page, 'Country: France').count()).toBe(0);
    // The results come into view, under the sticky header.
    await page.waitForFunction(() => {
      const top = document.getElementById('products')!.getBoundingClientRect().top;
      return top >= 0 && top < 200;
    });
    await context.close();
  });

  it('explains a minimum above the maximum instead of answering 0 results', async () => {
    const { context, page } = await newPerson(browser);
    await page.goto(`/?search=${marker}`);
    await page.getByRole('article', { name: titles.bowl }).waitFor();
    await page.getByRole('spinbutton', { name: 'Minimum price' }).fill('50');
    await page.getByRole('spinbutton', { name: 'Maximum price' }).fill('20');
    await page.getByText('Minimum is above maximum', { exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'no price can match' }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Minimum price' }).getAttribute('aria-invalid')).toBe('true');
    await chip(page, '$50 – $20').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.waitForTimeout(700); // past the prices' debounce: the range is still not applied
    expect(await results(page).count()).toBe(3);

    await page.getByRole('spinbutton', { name: 'Maximum price' }).fill('70');
    await page.getByText('Minimum is above maximum', { exact: true }).waitFor({ state: 'detached' });
    await chip(page, '$50 – $70').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('#products article').length === 1);
    await page.getByRole('article', { name: titles.bowl }).waitFor();
    await context.close();
  });
});

describe('Home on a 390-px phone', () => {
  it('shows the results first and the filters in a drawer behind "Filters (n)"', async () => {
    const { page, close } = await phone();
    await page.goto(`/?search=${marker}`);
    const firstResult = results(page).first();
    await firstResult.waitFor();
    // No sidebar above the results: the first product sits right under the chips row.
    expect(await page.getByRole('complementary').filter({ hasText: 'Price Range' }).isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Filters (0)' });
    const [buttonBox, resultBox] = [await button.boundingBox(), await firstResult.boundingBox()];
    expect(resultBox!.y - buttonBox!.y).toBeLessThan(200);

    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await drawer.getByRole('checkbox', { name: 'Clothing' }).check();
    await drawer.getByRole('button', { name: /^Show 1 result$/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/filters-drawer-390.png` });
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    // The focus goes back to the button that opened the drawer.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Filters (1)');
    await chip(page, 'Clothing').waitFor();
    await page.getByRole('article', { name: titles.hat }).waitFor();
    expect(await results(page).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/filters-phone-results-390.png` });

    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await drawer.getByRole('button', { name: 'Close filters' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await close();
  });
});

describe('Categories', () => {
  it('are counted by the server, and a card opens exactly the results it counted', async () => {
    const { context, page } = await newPerson(browser);
    const productCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products') productCalls.push(request.url());
    });
    await page.goto('/categories');
    const card = page.getByRole('link', { name: /Fashion & Accessories/ });
    await card.getByText(/^[\d,]+\+? items?$/).waitFor();
    const count = Number((await card.getByText(/^[\d,]+\+? items?$/).textContent())!.split(' ')[0]);
    expect(count).toBeGreaterThanOrEqual(1); // the hat, listed under Clothing
    expect(productCalls).toEqual([]);
    const counts = (await callApi<{ name: string; count: number }[]>(page, 'GET', '/api/categories/browse')).body;
    expect(counts.find((c) => c.name === 'Fashion & Accessories')!.count).toBe(count);

    await page.goto('/categories');
    await page.getByRole('link', { name: /Fashion & Accessories/ }).click();
    await page.waitForURL(/\/\?categories=Fashion/);
    await chip(page, 'Fashion & Accessories').waitFor();
    await page.getByText(new RegExp(`^Showing ${count} results?`)).waitFor();
    await context.close();
  });
});

/**
 * Counts React commits through the DevTools hook (React reports every commit to it, production builds too) and DOM
 * mutations, from the first script on.
 */
async function watchRenders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __commits: number; __mutations: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.__commits = 0;
    w.__mutations = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberRoot: () => {
        w.__commits += 1;
      },
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
    };
    new MutationObserver((records) => {
      w.__mutations += records.length;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

async function rendersWhileIdle(page: Page, ms: number): Promise<{ commits: number; mutations: number }> {
  const read = () =>
    page.evaluate(() => {
      const w = window as unknown as { __commits: number; __mutations: number };
      return { commits: w.__commits, mutations: w.__mutations };
    });
  const before = await read();
  await page.waitForTimeout(ms);
  const after = await read();
  return { commits: after.commits - before.commits, mutations: after.mutations - before.mutations };
}

describe('a page at rest', () => {
  it('does not render again while nobody acts (Home, a search, phone and desktop)', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport });
      const page = await context.newPage();
      await watchRenders(page);
      for (const path of ['/', `/?search=${marker}`]) {
        await page.goto(path);
        await results(page).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1000); // debounces and transitions settle
        const idle = await rendersWhileIdle(page, 3000);
        expect({ path, width: viewport.width, ...idle }).toEqual({
          path,
          width: viewport.width,
          commits: 0,
          mutations: 0,
        });
      }
      // The hook is live: typing a price renders.
      const commits = await page.evaluate(() => (window as unknown as { __commits: number }).__commits);
      expect(commits).toBeGreaterThan(0);
      await context.close();
    }
  });
});
