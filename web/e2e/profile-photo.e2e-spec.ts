import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, unique } from './browser';

/**
 * A profile photo in Chromium at desktop and phone size: uploaded on Account settings through the listing photos'
 * route, shown where the initials were (the header, the profile, the listing's seller card, the other person's
 * conversation), then removed.
 */
let browser: Browser;
let photo: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const AVATAR = /\/media\/[0-9a-f]{32}-320\.webp$/;

describe.each(SIZES)('the profile photo at $name size', ({ name, width, height }) => {
  it('is uploaded, shown wherever the initials were, and removed', async () => {
    const viewport = { width, height };
    const sellerContext = await browser.newContext({ baseURL: baseUrl(), viewport });
    const buyerContext = await browser.newContext({ baseURL: baseUrl(), viewport });
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    const selma = await registerPerson(seller, 'Selma');
    const product = await listProduct(seller, `Painted fan ${unique()}`);
    await registerPerson(buyer, 'Bruno');
    const sent = await callApi(buyer, 'POST', '/api/messages', {
      toUserId: selma.id,
      productId: product.id,
      content: 'Is it still available?',
    });
    expect(sent.status).toBe(201);

    await seller.goto('/account');
    const section = seller.getByRole('region', { name: 'Profile photo' });
    await section.getByRole('button', { name: 'Upload photo' }).waitFor();
    await seller.screenshot({ path: `/tmp/profile-photo-${name}-initials.png` });
    await section
      .getByLabel('Profile photo file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await section.getByText('Your profile photo is updated.').waitFor();
    const shown = section.getByRole('img', { name: 'Selma Tester' });
    expect(await shown.getAttribute('src')).toMatch(AVATAR);
    // Square in, circle out: the whole photo fills the avatar (object-fit: cover), not stretched.
    expect(await shown.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
    if (name === 'desktop') {
      expect(await seller.getByRole('banner').locator('img').first().getAttribute('src')).toMatch(AVATAR);
    }
    expect(await axeViolations(seller)).toEqual([]);
    await seller.screenshot({ path: `/tmp/profile-photo-${name}-account.png` });

    await seller.goto(`/profile/${selma.id}`);
    expect(await seller.getByRole('img', { name: 'Selma Tester' }).first().getAttribute('src')).toMatch(AVATAR);
    await seller.screenshot({ path: `/tmp/profile-photo-${name}-profile.png` });

    // The read models follow within moments: the listing's seller card and Bruno's conversation with Selma.
    await buyer.goto(`/product/${product.id}`);
    await buyer.locator(`img[src*="/media/"][alt="Selma Tester"]`).first().waitFor({ timeout: 10_000 });
    await buyer.goto('/messages');
    await buyer.locator(`img[src*="/media/"][alt="Selma Tester"]`).first().waitFor({ timeout: 10_000 });
    expect(await axeViolations(buyer)).toEqual([]);
    await buyer.screenshot({ path: `/tmp/profile-photo-${name}-messages.png` });

    await seller.goto('/account');
    await section.getByRole('button', { name: 'Remove photo' }).click();
    await section.getByText('Your profile photo is removed.').waitFor();
    expect(await section.getByRole('img', { name: 'Selma Tester' }).count()).toBe(0);
    await section.getByRole('button', { name: 'Upload photo' }).waitFor();

    await Promise.all([sellerContext.close(), buyerContext.close()]);
  });
});
