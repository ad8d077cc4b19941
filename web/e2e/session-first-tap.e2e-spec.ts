import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, unique } from './browser';

/**
 * A signed-in person's product page arrives rendered as a guest sees it, and the session (/api/auth/me) may answer
 * after the page has hydrated. A heart tapped meanwhile, before or after hydration, waits for the session and then
 * favourites the item: it never acts as a guest's ("Please log in").
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [390, 1280] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Holds every answer of /api/auth/me until `release` is called: a slow network's session read. */
async function holdSession(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/me', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Resolves once React has hydrated the element the locator finds (its props are on the element). */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction(
    (css) => {
      const element = document.querySelector(css);
      return !!element && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    },
    selector,
    { timeout: 45_000 },
  );
}

describe.each(WIDTHS)('the heart on a product page, tapped before the session is known, at %i px', (width) => {
  let seller: Awaited<ReturnType<typeof newPerson>>;
  beforeAll(async () => {
    seller = await newPerson(browser);
    await registerPerson(seller.page, 'Kanya');
  });
  afterAll(async () => {
    await seller.context.close();
  });

  it.each(['before', 'after'] as const)('favourites the item when tapped %s hydration', async (when) => {
    const product = await listProduct(seller.page, `Celadon tea bowl ${unique()}`);
    const buyer = await newPerson(browser);
    await buyer.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await registerPerson(buyer.page, 'Preecha');
    const release = await holdSession(buyer.page);
    await buyer.page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    const heartSelector = `[aria-label="Add ${product.title} to favorites"]`;
    const heart = buyer.page.getByRole('button', { name: `Add ${product.title} to favorites` });
    if (when === 'before') {
      // As early as a person would: the server's HTML is on screen.
      await heart.click();
      await hydrated(buyer.page, heartSelector);
    } else {
      await hydrated(buyer.page, heartSelector);
      await heart.click();
    }
    // The page is the app's now, and the session still unknown: nothing may have acted as a guest.
    await buyer.page.waitForTimeout(300);
    expect(await buyer.page.getByText('You need to be logged in to add favorites').count()).toBe(0);
    release();
    await buyer.page.getByText('Added to favorites').waitFor({ timeout: 45_000 });
    await buyer.page.getByRole('button', { name: `Remove ${product.title} from favorites` }).waitFor();
    expect(await buyer.page.getByText('You need to be logged in to add favorites').count()).toBe(0);
    expect(await buyer.page.getByRole('dialog').count()).toBe(0);
    const favourites = await callApi<{ id: string }[]>(buyer.page, 'GET', '/api/favorites');
    expect(favourites.body.map((p) => p.id)).toEqual([product.id]);
    expect(await axeViolations(buyer.page)).toEqual([]);
    if (SHOTS) await buyer.page.screenshot({ path: `${SHOTS}/heart-${when}-${width}.png` });
    await buyer.context.close();
  });
});
