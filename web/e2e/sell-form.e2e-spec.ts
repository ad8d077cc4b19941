import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import { registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, unique } from './browser';

/*
 * On /sell, at a phone's and a desktop's width: the photos keep the order the seller picked them in (the
 * first is the main photo, however the uploads finish), and Enter in "Country of Origin" takes the country without
 * submitting the listing.
 */
let browser: Browser;
/** Three photos on disk; the first picked is the biggest, so its upload is the slowest. */
let photos: { first: string; second: string; third: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'sell-form-e2e-'));
  const photo = async (name: string, width: number, height: number, background: string) => {
    const file = path.join(dir, name);
    writeFileSync(
      file,
      await sharp({ create: { width, height, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    );
    return file;
  };
  photos = {
    first: await photo('first.jpg', 3000, 2250, '#c33'),
    second: await photo('second.jpg', 800, 600, '#3a6'),
    third: await photo('third.jpg', 800, 600, '#36c'),
  };
});

afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [390, 1280] as const;

async function sellerAt(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width === 390 ? 844 : 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await registerPerson(page, 'Ordella');
  await page.goto('/sell');
  await page.getByRole('heading', { name: 'List Your Souvenir' }).waitFor();
  return { context, page };
}

/** The media file (its 32-hex hash) of each photo tile on /sell, in order. */
const tileHashes = (page: Page) =>
  page
    .locator('ul[aria-label="Photos"] img')
    .evaluateAll((images) => images.map((i) => /\/media\/([0-9a-f]{32})-/.exec(i.getAttribute('src') ?? '')?.[1]));

/** The media file of the product page's main photo. */
async function mainPhotoHash(page: Page, title: string): Promise<string | undefined> {
  const main = page.getByRole('img', { name: title }).first();
  await main.waitFor();
  return /\/media\/([0-9a-f]{32})-/.exec((await main.getAttribute('src')) ?? '')?.[1];
}

/** Everything but the photos and the country, valid. */
async function fillListing(page: Page, title: string): Promise<void> {
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Description/).fill('A paper parasol from Bo Sang, oiled by hand, folded for the flight.');
  await page.getByLabel(/^Category/).click();
  await page.getByRole('option', { name: 'Home Decor' }).click();
  await page.getByLabel(/^Condition/).click();
  await page.getByRole('option', { name: /^New/ }).click();
  await page
    .getByLabel(/^Price/)
    .first()
    .fill('21.00');
  await page.getByTestId('contents-checklist').getByLabel('None of these').check();
}

const submitListing = (page: Page) => page.locator('form').getByRole('button', { name: 'List Item' }).click();

describe('Photos on /sell', () => {
  it.each(WIDTHS)('keep the order picked, the first being the main photo, at %i px', async (width) => {
    const { context, page } = await sellerAt(width);
    // The first photo's upload is sent only once the other two have been answered: it finishes last, every time.
    // (Held before it is sent: Playwright cannot pass a file's bytes on when it fetches a request itself.)
    const uploadedFile = (request: Request) =>
      /filename="(\w+)\.jpg"/.exec(request.postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? '';
    const hashes: Record<string, string> = {};
    let othersAnswered!: () => void;
    const othersDone = new Promise<void>((resolve) => (othersAnswered = resolve));
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/uploads')) return;
      const { url } = (await response.json()) as { url: string };
      hashes[uploadedFile(response.request())] = /\/media\/([0-9a-f]{32})-/.exec(url)![1]!;
      if (hashes.second && hashes.third) othersAnswered();
    });
    await page.route('**/api/uploads', async (route: Route) => {
      if (uploadedFile(route.request()) === 'first') await othersDone;
      await route.continue();
    });

    await page.getByTestId('photo-files').setInputFiles([photos.first, photos.second, photos.third]);
    await page.getByRole('img', { name: 'Photo 3' }).waitFor();
    expect(await tileHashes(page)).toEqual([hashes.first, hashes.second, hashes.third]);

    const title = `Bo Sang parasol ${unique()}`;
    await fillListing(page, title);
    await page.getByLabel(/^Country of Origin/).fill('Thailand');
    await submitListing(page);
    await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    expect(await mainPhotoHash(page, title)).toBe(hashes.first);
    await context.close();
  });
});

describe('Country of Origin on /sell', () => {
  it.each(WIDTHS)('takes Enter without submitting the listing at %i px', async (width) => {
    const { context, page } = await sellerAt(width);
    const listings: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/products')
        listings.push(request.url());
    });
    await page.getByTestId('photo-files').setInputFiles([photos.second]);
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    const title = `Enter-proof parasol ${unique()}`;
    await fillListing(page, title);

    const country = page.getByRole('combobox', { name: 'Country of Origin' });
    await country.fill('Thai');
    await page.getByRole('option', { name: 'Thailand' }).waitFor();
    await country.press('ArrowDown');
    await country.press('Enter');
    // Enter took the suggestion and closed the list; the form is still being filled in, with nothing sent.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await country.inputValue()).toBe('Thailand');
    await country.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/sell');
    expect(await axeViolations(page)).toEqual([]);

    // The listing goes only when the seller asks: one listing, the one with the country taken by Enter.
    await submitListing(page);
    await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(listings).toHaveLength(1);
    await context.close();
  });
});
