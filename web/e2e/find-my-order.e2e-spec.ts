import type { Browser, Page } from 'playwright-core';
import { callApi, guestPays, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, unique } from './browser';
import { mailedPath } from './mail';

/**
 * Guests keep their order in Chromium at desktop and phone size: a guest who lost the tab asks "Find my
 * order" on My Orders with the address they paid with, and opens the order from the link MailDev caught (REST API).
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A guest pays for a new listing through the API, as the checkout page does; answers the address they paid with. */
async function guestBought(page: Page, title: string): Promise<string> {
  const product = await listProduct(page, title);
  await callApi(page, 'POST', '/api/auth/logout');
  return guestPays(page, product.id);
}

describe.each(SIZES)('Find my order at $name size', ({ name, width, height }) => {
  it('mails a guest the link to their order, which opens it', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
    const page = await context.newPage();
    await registerPerson(page, 'Selma');
    const title = `Lacquer box ${unique()}`;
    const email = await guestBought(page, title);

    await page.goto('/orders');
    const form = page.getByRole('region', { name: 'Find my order' });
    await form.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/find-my-order-${name}-form.png` });

    // Not an address: the field says so.
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Send my order links' }).click();
    await form.getByText('Invalid email address').waitFor();

    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send my order links' }).click();
    await form
      .getByRole('status')
      .getByText(/If you paid with this address/)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/find-my-order-${name}-sent.png` });

    await page.goto(await mailedPath(email, 'Your Souvenir Swap orders', '/orders/'));
    await page.getByText(title).first().waitFor();
    await page.screenshot({ path: `/tmp/find-my-order-${name}-order.png` });
    await context.close();
  });
});
