import type { Browser } from 'playwright-core';
import { callApi, listProduct, memberPays, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, shot, unique } from './browser';

/*
 * After a refund the item stays sold until its seller has it back: the seller's product page says the buyer was
 * refunded and offers "Put Back on Sale"; one tap and it is on sale again. 1280 and 390 px, axe on both states;
 * screenshots to SHOTS_DIR.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([1280, 390])('relisting a refunded item at %i px', (width) => {
  it('the seller puts it back on sale from its page once the buyer is refunded', async () => {
    const seller = await newPerson(browser);
    const buyer = await newPerson(browser);
    await seller.page.setViewportSize({ width, height: 900 });
    await registerPerson(seller.page, 'Rosa');
    await registerPerson(buyer.page, 'Bram');
    const product = await listProduct(seller.page, `Brass bell ${unique()}`);
    const orderId = await memberPays(buyer.page, product.id);
    await callApi(seller.page, 'POST', `/api/orders/${orderId}/ship`, { carrier: 'UPS' });
    await callApi(buyer.page, 'POST', `/api/orders/${orderId}/claims`, {
      reason: 'damaged',
      description: 'The bell arrived dented.',
    });
    // Before the refund, the API says why it cannot go back on sale.
    const early = await callApi<{ message: string }>(seller.page, 'POST', `/api/products/${product.id}/relist`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not cancelled or refunded/);
    const accepted = await callApi(seller.page, 'POST', `/api/orders/${orderId}/claim/response`, { accept: true });
    expect(accepted.status).toBe(200);

    await seller.page.goto(`/product/${product.id}`);
    const notice = seller.page.getByRole('status').filter({ hasText: 'The buyer was refunded' });
    await notice.getByRole('button', { name: 'Put Back on Sale' }).waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'relist-refunded');

    // Catalog hears of the refund from payments' event within moments of the order page knowing it.
    await seller.page.waitForTimeout(1000);
    await notice.getByRole('button', { name: 'Put Back on Sale' }).click();
    await seller.page.getByText('Back on sale').first().waitFor();
    await seller.page.getByRole('button', { name: 'Remove Listing' }).waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'relist-done');
    const now = await callApi<{ status: string }>(buyer.page, 'GET', `/api/products/${product.id}`);
    expect(now.body.status).toBe('active');
    await Promise.all([seller.context.close(), buyer.context.close()]);
  });
});
