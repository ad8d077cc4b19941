import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeFindings } from './axe';
import { baseUrl, launchBrowser } from './browser';

/**
 * Issue 36, the header and what opens from it, signed in at a phone's and a desktop's width: the notification list,
 * the phone menu and one's own message bubble pass axe (WCAG 2.2 AA and best practice); the header's search spans
 * the phone's row and keeps a usable width beside a signed-in person's buttons.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [390, 1280] as const;

async function personAt(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width === 390 ? 844 : 900 },
  });
  return { context, page: await context.newPage() };
}

async function axeProblems(page: Page, what: string): Promise<string[]> {
  return (await axeFindings(page)).map((v) => `${what}: ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
}

/** The seller's session cookies, to open their pages in a browser of each width. */
let sellerCookies: Awaited<ReturnType<BrowserContext['cookies']>>;
let sellerName: string;
let productTitle: string;

beforeAll(async () => {
  const seller = await personAt(1280);
  sellerName = 'Leilani';
  const account = await registerPerson(seller.page, sellerName);
  const sold = await listProduct(seller.page, 'Koa wood bowl');
  const asked = await listProduct(seller.page, 'Lauhala fan');
  productTitle = asked.title;
  const buyer = await personAt(1280);
  await registerPerson(buyer.page, 'Makoa');
  // A sale (the seller's notification) and a question (a thread the seller answers).
  const intent = await callApi<{ paymentIntentId: string; clientSecret: string }>(
    buyer.page,
    'POST',
    '/api/create-payment-intent',
    {
      productId: sold.id,
      amount: 24.5,
      guestInfo: { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true },
    },
  );
  expect(intent.status).toBe(200);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '10001' };
  await callApi(buyer.page, 'POST', '/api/payments/test-confirm', { clientSecret: intent.body.clientSecret, card });
  const { paymentIntentId } = intent.body;
  expect((await callApi(buyer.page, 'POST', '/api/payments/reconcile', { paymentIntentId })).status).toBe(200);
  await callApi(buyer.page, 'POST', '/api/messages', {
    toUserId: account.id,
    productId: asked.id,
    content: 'Is the fan still for sale?',
  });
  sellerCookies = await seller.context.cookies();
  await Promise.all([seller.context.close(), buyer.context.close()]);
});

async function sellerAt(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const person = await personAt(width);
  await person.context.addCookies(sellerCookies);
  return person;
}

describe('Signed in, what opens from the header', () => {
  it.each(WIDTHS)('the notification list, the phone menu and my own bubble pass axe at %i px', async (width) => {
    const { context, page } = await sellerAt(width);
    const problems: string[] = [];
    await page.goto('/how-it-works');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    problems.push(...(await axeProblems(page, 'Notifications')));
    await page.keyboard.press('Escape');

    if (width === 390) {
      await page.getByRole('button', { name: /^Open menu/ }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'My Orders' }).waitFor();
      problems.push(...(await axeProblems(page, 'Phone menu')));
      await page.keyboard.press('Escape');
    }

    await page.goto('/messages');
    await page.getByRole('button', { name: new RegExp(`${productTitle}: `) }).click();
    await page.getByText('Is the fan still for sale?').waitFor();
    const composer = page.getByRole('textbox', { name: /message/i }).last();
    await composer.fill('Yes, it is.');
    await composer.press('Enter');
    await page.locator('[data-mine] time').first().waitFor();
    problems.push(...(await axeProblems(page, 'Own bubble')));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('The header search', () => {
  it('spans the phone header row at 390 px', async () => {
    const { context, page } = await personAt(390);
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search souvenirs' });
    const field = await search.evaluate((input) => input.closest('.MuiInputBase-root')!.getBoundingClientRect().width);
    // The row is the viewport less the header's 16-px gutters.
    expect(field).toBeGreaterThanOrEqual(390 - 2 * 16 - 1);
    await context.close();
  });

  it('keeps at least 200 px beside a signed-in person’s buttons at 1280 px', async () => {
    const { context, page } = await sellerAt(1280);
    await page.goto('/');
    await page
      .getByRole('button', { name: sellerName })
      .or(page.getByRole('link', { name: sellerName }))
      .waitFor();
    const search = page.getByRole('searchbox', { name: 'Search souvenirs' });
    const field = await search.evaluate((input) => input.closest('.MuiInputBase-root')!.getBoundingClientRect().width);
    expect(field).toBeGreaterThanOrEqual(200);
    // Nothing in the header is pushed past the window's edge to make room.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
