import type { Browser, BrowserContext, Page } from 'playwright-core';
import { listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser } from './browser';

/**
 * Server-rendered pages (the prerendered Home, a product page the gateway renders) are on screen before the app has
 * hydrated them: on a phone, seconds before. A tap in that time must not be lost: it is held and replayed
 * once the control is hydrated (web/scripts/first-tap.js). Each test holds the app's script back, taps, lets the
 * script through, and expects what the tap asked for; and a signed-in person's product page hydrates without React's
 * error #418.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [390, 1280] as const;
/** How long a replayed tap may take to show its result once the script is let through (a loaded two-core machine). */
const SHOWN = { timeout: 45_000 };

async function personAt(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width === 390 ? 844 : 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // React reports a hydration mismatch it recovered from (#418) as an error on the console too.
  page.on('console', (message) => {
    if (message.type() === 'error' && /#418|hydrat/i.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/** Holds back the files whose path matches `files` until `release` is called: the page stays server-rendered HTML. */
async function holdScripts(page: Page, files: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(files, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const APP_SCRIPTS = /\/assets\/[\w.-]+\.js$/;

/** The page as its HTML arrived, no script of the app run yet. */
async function openUnhydrated(page: Page, path: string): Promise<() => void> {
  const release = await holdScripts(page, APP_SCRIPTS);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

let product: { id: string; title: string };
beforeAll(async () => {
  const { context, page } = await personAt(1280);
  await registerPerson(page, 'Tapseller');
  product = await listProduct(page, 'First tap lacquer box');
  await context.close();
});

describe('Home, tapped before the app has hydrated it', () => {
  it.each(WIDTHS)('opens Sort by and sorts at %i px', async (width) => {
    const { context, page, errors } = await personAt(width);
    const release = await openUnhydrated(page, '/');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    release();
    await page.getByRole('listbox').waitFor(SHOWN);
    await page.getByRole('option', { name: 'Price: Low to High' }).click();
    // Two steps, so a failure says which went wrong: the choice closing the menu, or the select showing it.
    await page.getByRole('listbox').waitFor({ ...SHOWN, state: 'detached' });
    await page.getByRole('combobox', { name: 'Sort by' }).getByText('Price: Low to High').waitFor(SHOWN);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)('searches with what was typed and entered at %i px', async (width) => {
    const { context, page, errors } = await personAt(width);
    const release = await openUnhydrated(page, '/');
    const field = page.getByRole('textbox', { name: 'What are you looking for?' });
    await field.fill('lacquer');
    await field.press('Enter');
    release();
    await page.waitForURL(/[?&]search=lacquer/, SHOWN);
    await page.getByText(/Showing \d+ results? for "lacquer"/).waitFor(SHOWN);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)('applies a filter at %i px', async (width) => {
    const { context, page, errors } = await personAt(width);
    const release = await openUnhydrated(page, '/');
    if (width === 390) {
      // Below md the filters are a drawer behind "Filters (n)".
      await page.getByRole('button', { name: /^Filters/ }).click();
      release();
      await page.getByRole('dialog').getByRole('checkbox').first().waitFor(SHOWN);
    } else {
      const box = page.getByRole('checkbox').first();
      const name = (await box.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
      await box.click();
      release();
      await page.waitForURL(/[?&]categories=/, SHOWN);
      expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(true);
    }
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the phone menu at 390 px', async () => {
    const { context, page, errors } = await personAt(390);
    const release = await openUnhydrated(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    await page.getByRole('dialog').getByRole('link', { name: 'How it Works' }).waitFor(SHOWN);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('A product page, tapped before the app has hydrated it', () => {
  it.each(WIDTHS)("a guest's Sign In opens the dialog at %i px", async (width) => {
    const { context, page, errors } = await personAt(width);
    const release = await openUnhydrated(page, `/product/${product.id}`);
    const signIn = page.getByRole('main').getByRole('button', { name: 'Sign In' });
    expect(await signIn.isEnabled()).toBe(true);
    await signIn.click();
    release();
    await page.getByRole('dialog', { name: /sign in/i }).waitFor(SHOWN);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)("a guest's heart asks them to log in at %i px", async (width) => {
    const { context, page, errors } = await personAt(width);
    const release = await openUnhydrated(page, `/product/${product.id}`);
    await page.getByRole('button', { name: `Add ${product.title} to favorites` }).click();
    release();
    await page.getByText('Please log in').first().waitFor(SHOWN);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Where the shopper said they are, remembered in this browser (web/src/features/customs/shopperCountry.ts). */
async function rememberShopperCountry(context: BrowserContext, country: string): Promise<void> {
  await context.addInitScript((chosen) => window.localStorage.setItem('souvenir.shopperCountry', chosen), country);
}

describe('A signed-in shopper who said where they are', () => {
  // Hydration renders the page as the server did (nobody's country, the guest's page); their country shows after it.
  it.each(WIDTHS)('hydrates Home without a mismatch (React error #418) at %i px', async (width) => {
    const { context, page, errors } = await personAt(width);
    await registerPerson(page, 'Hydra');
    await rememberShopperCountry(context, 'Canada');
    await page.goto('/');
    if (width === 390) await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'Deliver to' }).filter({ hasText: 'Canada' }).waitFor(SHOWN);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)('hydrates a product page from elsewhere without a mismatch at %i px', async (width) => {
    const { context, page, errors } = await personAt(width);
    await registerPerson(page, 'Hydra');
    await rememberShopperCountry(context, 'Canada');
    const release = await holdScripts(page, /\/assets\/ProductPage-[\w-]+\.js$/);
    const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
    await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    await me;
    release();
    // The seller ships within the United States: the page says so once it knows the shopper is in Canada.
    await page.getByTestId('delivery-notice').waitFor(SHOWN);
    await page.getByRole('textbox', { name: 'Message to the seller' }).waitFor(SHOWN);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("A signed-in person's product page", () => {
  it.each(WIDTHS)('hydrates without a mismatch (React error #418) at %i px', async (width) => {
    const { context, page, errors } = await personAt(width);
    await registerPerson(page, 'Hydra');
    // The page's chunk arrives after the session has been read, as on a slow phone: hydration must still render the
    // guest's page the gateway sent, and the person's own after it.
    const release = await holdScripts(page, /\/assets\/ProductPage-[\w-]+\.js$/);
    const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
    await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    await me;
    release();
    await page.getByRole('textbox', { name: 'Message to the seller' }).waitFor(SHOWN);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
