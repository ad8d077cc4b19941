import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeFindings } from './axe';
import { baseUrl, launchBrowser } from './browser';

/**
 * The header and what opens from it, signed in at a phone's and a desktop's width: the notification list,
 * the phone menu and one's own message bubble pass axe (WCAG 2.2 AA and best practice); the header's search spans
 * the phone's row, and on a desktop (1024-1440 px) nothing in the header wraps and the search keeps 240 px, the
 * account's pages and Sign Out being in a menu under the avatar that the keyboard opens.
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
    // The thread, not the list's preview of it (hidden beside the thread on a phone).
    await page.getByRole('region', { name: 'Conversation' }).getByText('Is the fan still for sale?').waitFor();
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
});

/** What in the header is laid out badly: controls whose text runs onto a second line, the search's width, overflow. */
async function headerLayout(page: Page): Promise<{ wrapped: string[]; search: number; overflow: number }> {
  return page.evaluate(() => {
    const banner = document.querySelector('header')!;
    const controls = [...banner.querySelectorAll<HTMLElement>('a, button')].filter((el) => el.offsetParent);
    // Text on two lines: one of its boxes starts below where another ends (icons and mixed fonts are not lines).
    const wraps = (el: HTMLElement) => {
      const boxes: DOMRect[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
      return boxes.some((a) => boxes.some((b) => b.top >= a.bottom - 1));
    };
    const search = banner.querySelector('input[type=search]')!.closest('.MuiInputBase-root')!;
    return {
      wrapped: controls.filter(wraps).map((el) => el.textContent!.trim() || el.ariaLabel!),
      search: search.getBoundingClientRect().width,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

describe('The desktop header, signed out and signed in', () => {
  it.each([1024, 1280, 1440])('keeps every control on one line and 240 px for the search at %i px', async (width) => {
    const guest = await personAt(width);
    await guest.page.goto('/');
    await guest.page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    const guestLayout = await headerLayout(guest.page);
    expect(guestLayout).toEqual({ wrapped: [], search: expect.any(Number), overflow: 0 });
    expect(guestLayout.search).toBeGreaterThanOrEqual(240);
    await guest.context.close();

    const { context, page } = await sellerAt(width);
    await page.goto('/');
    await page.getByRole('button', { name: `Account: ${sellerName}` }).waitFor();
    const layout = await headerLayout(page);
    expect(layout).toEqual({ wrapped: [], search: expect.any(Number), overflow: 0 });
    expect(layout.search).toBeGreaterThanOrEqual(240);
    await context.close();
  });

  it.each([1024, 1280])('opens the account menu from the keyboard, with Sign Out in it, at %i px', async (width) => {
    const { context, page } = await sellerAt(width);
    await page.goto('/how-it-works');
    const account = page.getByRole('button', { name: `Account: ${sellerName}` });
    await account.waitFor();
    // Tab from the page's top reaches the avatar; Enter opens the menu with the focus on its first item.
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await account.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: /^My profile/ }).waitFor();
    expect(
      await menu.getByRole('menuitem', { name: /^My profile/ }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await axeProblems(page, 'Account menu')).toEqual([]);
    // Escape gives the focus back to the avatar; ArrowUp from the first item wraps round to Sign Out.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await account.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await menu.getByRole('menuitem', { name: /^My profile/ }).waitFor();
    await page.keyboard.press('ArrowUp');
    expect(await menu.getByRole('menuitem', { name: 'Sign Out' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await context.close();
  });
});
