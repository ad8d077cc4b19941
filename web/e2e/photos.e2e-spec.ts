import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { registerPerson } from './actors';
import { baseUrl, launchBrowser, newPerson, unique } from './browser';

/*
 * In the browser: two photos from disk uploaded on /sell, reordered, listed, and shown on the product page in
 * the size that fits a desktop and a phone screen (srcset), through the gateway's proxy to media as `npm start` runs.
 */
let browser: Browser;
let photos: { red: string; blue: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'photos-e2e-'));
  const photo = async (name: string, width: number, height: number, background: string) => {
    const file = path.join(dir, name);
    writeFileSync(
      file,
      await sharp({ create: { width, height, channels: 3, background } })
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 0/1 0/1' } })
        .toBuffer(),
    );
    return file;
  };
  photos = { red: await photo('red.jpg', 2000, 1500, '#c33'), blue: await photo('blue.jpg', 1800, 1350, '#36c') };
});

afterAll(async () => {
  await browser?.close();
});

/** The `src` of each photo tile on /sell, in order. */
const tileSources = (page: Page) =>
  page.locator('ul[aria-label="Photos"] img').evaluateAll((images) => images.map((i) => i.getAttribute('src')));

/** The width the browser chose from the main photo's srcset (its file is `<hash>-<width>.webp`). */
async function mainPhotoWidth(page: Page, title: string): Promise<{ hash: string; width: number }> {
  const main = page.getByRole('img', { name: title }).first();
  await main.waitFor();
  await page.waitForFunction((name) => {
    const image = [...document.images].find((i) => i.alt === name);
    return Boolean(image?.complete && image.currentSrc);
  }, title);
  const current = await main.evaluate((image) => (image as HTMLImageElement).currentSrc);
  const [, hash, width] = /\/media\/([0-9a-f]{32})-(\d+)\.webp$/.exec(current)!;
  return { hash: hash!, width: Number(width) };
}

it('uploads two photos on /sell, reorders them, lists the item, and shows the size that fits each screen', async () => {
  const seller = await newPerson(browser);
  await seller.page.goto('/');
  await registerPerson(seller.page, 'Pia');
  await seller.page.goto('/sell');
  await seller.page.getByRole('heading', { name: 'List Your Souvenir' }).waitFor();
  await seller.page.getByText('Location and camera data are removed from your photos.', { exact: false }).waitFor();

  await seller.page.getByTestId('photo-files').setInputFiles([photos.red, photos.blue]);
  await seller.page.getByRole('img', { name: 'Photo 2' }).waitFor();
  const uploaded = await tileSources(seller.page);
  expect(uploaded).toHaveLength(2);
  for (const src of uploaded) expect(src).toMatch(/\/media\/[0-9a-f]{32}-1600\.webp$/);
  expect(new Set(uploaded).size).toBe(2); // the order of two parallel uploads is whichever finished first

  await seller.page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  const reordered = await tileSources(seller.page);
  expect(reordered).toEqual([uploaded[1], uploaded[0]]);

  const title = `Two-photo lantern ${unique()}`;
  await seller.page.getByLabel(/^Title/).fill(title);
  await seller.page.getByLabel(/^Description/).fill('A paper lantern from Hoi An, folded flat, photographed twice.');
  await seller.page.getByLabel(/^Category/).click();
  await seller.page.getByRole('option', { name: 'Home Decor' }).click();
  await seller.page.getByLabel(/^Condition/).click();
  await seller.page.getByRole('option', { name: /^New/ }).click();
  await seller.page.getByLabel(/^Country of Origin/).fill('Vietnam');
  await seller.page.keyboard.press('Enter');
  await seller.page
    .getByLabel(/^Price/)
    .first()
    .fill('21.00');
  await seller.page.getByTestId('contents-checklist').getByLabel('None of these').check();
  await seller.page.getByRole('button', { name: 'List Item' }).last().click();
  await seller.page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
  const productUrl = seller.page.url();
  const mainHash = /\/media\/([0-9a-f]{32})-/.exec(reordered[0]!)![1];

  // A desktop draws the main photo 600 px wide: the 800 px file; a phone (390 px, 3x) the 1600 px one.
  const desktop = await mainPhotoWidth(seller.page, title);
  expect(desktop).toEqual({ hash: mainHash, width: 800 });
  await seller.context.close();

  const phoneContext = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
  });
  const phone = await phoneContext.newPage();
  await phone.goto(productUrl);
  expect(await mainPhotoWidth(phone, title)).toEqual({ hash: mainHash, width: 1600 });
  // The stored file carries no position: the image answered is WebP without EXIF.
  const bytes = await phone.evaluate(async (url) => {
    const res = await fetch(url);
    return { type: res.headers.get('content-type'), text: new TextDecoder('latin1').decode(await res.arrayBuffer()) };
  }, new URL(reordered[0]!, baseUrl()).pathname);
  expect(bytes.type).toBe('image/webp');
  expect(bytes.text.includes('EXIF') || bytes.text.includes('Exif')).toBe(false);
  await phoneContext.close();
});
