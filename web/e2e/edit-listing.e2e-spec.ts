import { eventually } from '@souvenir/testing';
import type { Browser } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, shot, unique } from './browser';

/*
 * The seller edits a listing from its page: "Edit Listing" opens the sell form prefilled; a new title, a lower price
 * and the second photo moved first with its accessible arrow; Save goes back to the page with a toast, the new main
 * photo and the old price struck through. Whoever favourited it is told in the bell. 1280 and 390 px, axe on the
 * form and the page; screenshots to SHOTS_DIR.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([1280, 390])('editing a listing at %i px', (width) => {
  it('the seller changes the title, lowers the price and reorders the photos', async () => {
    const seller = await newPerson(browser);
    const fan = await newPerson(browser);
    await seller.page.setViewportSize({ width, height: 900 });
    await registerPerson(seller.page, 'Rosa');
    await registerPerson(fan.page, 'Fede');
    const origin = new URL(seller.page.url()).origin;
    const photos = [`${origin}/samples/souvenir-1.jpg`, `${origin}/samples/souvenir-2.jpg`];
    const product = await listProduct(seller.page, `Brass bell ${unique()}`, {
      price: 30,
      images: photos,
      contents: ['none'],
    });
    expect((await callApi(fan.page, 'POST', '/api/favorites', { productId: product.id })).status).toBe(201);

    await seller.page.goto(`/product/${product.id}`);
    await seller.page.getByRole('link', { name: 'Edit Listing' }).click();
    await seller.page.getByRole('heading', { name: 'Edit Your Listing' }).waitFor();
    const title = seller.page.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe(product.title);
    expect(await seller.page.getByRole('spinbutton', { name: 'Price', exact: true }).inputValue()).toBe('30.00');
    expect(await axeViolations(seller.page)).toEqual([]);

    const newTitle = `Hand-polished brass bell ${unique()}`;
    await title.fill(newTitle);
    await seller.page.getByRole('spinbutton', { name: 'Price', exact: true }).fill('22');
    await seller.page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await shot(seller.page, `edit-listing-form-${width}`);
    await seller.page.getByRole('button', { name: 'Save Changes' }).click();

    await seller.page.getByText('Listing updated').first().waitFor();
    await seller.page.waitForURL(new RegExp(`/product/${product.id}$`));
    await seller.page.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    await seller.page.getByLabel('Was $30.00 before a price drop').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, `edit-listing-saved-${width}`);

    const saved = await callApi<{ title: string; price: string; images: string[]; previousPrice?: string }>(
      fan.page,
      'GET',
      `/api/products/${product.id}`,
    );
    expect(saved.body).toMatchObject({ title: newTitle, price: '22.00', previousPrice: '30.00' });
    expect(saved.body.images).toEqual([photos[1], photos[0]]);

    // The favouriter's bell says so.
    await eventually(async () => {
      const bell = await callApi<{ items: { kind: string; link: string }[] }>(fan.page, 'GET', '/api/notifications');
      expect(bell.body.items.filter((n) => n.kind === 'priceDrop' && n.link === `/product/${product.id}`)).toHaveLength(
        1,
      );
    }, 15_000);
    await Promise.all([seller.context.close(), fan.context.close()]);
  });
});
