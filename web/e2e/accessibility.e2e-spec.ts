import type { Browser, Locator, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeFindings } from './axe';
import { launchBrowser, newPerson, unique } from './browser';

/**
 * "Accessible and correct": axe-core (WCAG 2.2 AA and best practice) finds nothing on every page and in
 * every dialog, at a desktop and a phone width; each page has one h1 and skips no heading level; every dialog closes
 * with a close button.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [1280, 390] as const;
const audited = { pages: new Set<string>(), dialogs: new Set<string>() };
afterAll(() => {
  process.stdout.write(
    `axe (WCAG 2.2 AA + best practice) at ${WIDTHS.join(' and ')} px: ${audited.pages.size} pages, ${audited.dialogs.size} dialogs\n`,
  );
});

const setWidth = (page: Page, width: number) => page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

/** Loaded: no skeleton or spinner left (axe waits for animations to end, and a skeleton's wave never does). */
async function settled(page: Page) {
  await page
    .locator('.MuiSkeleton-root, .MuiCircularProgress-root, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
}

/**
 * Waits for the page's finite animations and transitions (a toast growing in, a dialog fading) to end: axe measures
 * the contrast of text as it is drawn, and text still fading in reads as too faint.
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/** Each heading at most one level below the one before it, and exactly one h1 (none counted inside a dialog). */
async function headingProblems(page: Page): Promise<string[]> {
  const levels = await page.evaluate(() =>
    Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]'))
      .filter((h) => !h.closest('[role="dialog"], [aria-hidden="true"]') && (h as HTMLElement).offsetParent !== null)
      .map((h) => ({
        level: Number(h.getAttribute('aria-level') ?? h.tagName.slice(1)),
        text: (h.textContent ?? '').trim().slice(0, 40),
      })),
  );
  const problems: string[] = [];
  const ones = levels.filter((h) => h.level === 1);
  if (ones.length !== 1) problems.push(`${ones.length} h1 headings (${ones.map((h) => h.text).join(' | ')})`);
  levels.forEach((h, i) => {
    const before = i ? levels[i - 1].level : 0;
    if (h.level > before + 1) problems.push(`h${h.level} "${h.text}" follows h${before}`);
  });
  return problems;
}

/** Every violation as "what @width: rule (help) at targets", so a failure says what to fix and where. */
async function audit(
  page: Page,
  what: string,
  kind: 'page' | 'dialog',
  widths: readonly number[] = WIDTHS,
): Promise<string[]> {
  const problems: string[] = [];
  for (const width of widths) {
    await setWidth(page, width);
    await page.waitForTimeout(150);
    await transitionsEnded(page);
    for (const v of await axeFindings(page))
      problems.push(`${what} @${width}px: ${v.id} [${v.impact}] (${v.help}) at ${v.targets.join(', ')}`);
    if (kind === 'page')
      for (const heading of await headingProblems(page)) problems.push(`${what} @${width}px: headings: ${heading}`);
  }
  await setWidth(page, 1280);
  (kind === 'page' ? audited.pages : audited.dialogs).add(what);
  return problems;
}

async function auditPage(
  page: Page,
  path: string,
  what: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  await settled(page);
  return audit(page, what, 'page');
}

/** Opens a dialog, audits it at both widths, then closes it with its close button. */
async function auditDialog(
  page: Page,
  open: () => Promise<unknown>,
  name: string | RegExp,
  what: string,
): Promise<string[]> {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  const problems = await audit(page, what, 'dialog');
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  if (await close.count()) await close.click();
  else {
    problems.push(`${what}: no close button`);
    await page.keyboard.press('Escape');
  }
  await dialog.waitFor({ state: 'hidden' });
  return problems;
}

const heading1 = (name?: string | RegExp) => (page: Page) =>
  page
    .getByRole('heading', { level: 1, ...(name ? { name } : {}) })
    .first()
    .waitFor();

async function fillShipping(page: Page, guest: boolean) {
  const shipping = page.getByRole('form', { name: 'Shipping information' });
  if (guest) {
    await shipping.getByLabel(/^Email/).fill('gina@example.com');
    await shipping.getByLabel(/^First Name/).fill('Gina');
    await shipping.getByLabel(/^Last Name/).fill('Guest');
  }
  await shipping
    .getByLabel(/^Street Address/)
    .first()
    .fill('1 Main Street');
  await shipping.getByLabel(/^City/).first().fill('New York');
  await shipping
    .getByLabel(/^ZIP Code/)
    .first()
    .fill('10001');
  const same = shipping.getByLabel('Same as billing');
  if (!(await same.isChecked())) await same.check();
  await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
}

async function pay(page: Page) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await form.getByLabel(/^Expiry/).fill('12 / 34');
  await form.getByLabel(/^CVC/).fill('123');
  await form.getByLabel(/^ZIP/).fill('10001');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByText('Payment Successful!').waitFor();
}

/** Tabs (as a keyboard user does) until the focused element's text is `text`; false if it never comes. */
async function tabTo(page: Page, text: string): Promise<boolean> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')) === text) return true;
  }
  return false;
}

/** With E2E_SHOTS_DIR set: the header's primary button, then the keyboard's focus ring on it and on a nav link. */
async function focusScreenshots(page: Page) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await setWidth(page, 1280);
  await page.goto('/how-it-works');
  await heading1()(page);
  const banner = page.getByRole('banner');
  await banner.screenshot({ path: `${dir}/a11y-primary-button.png` });
  expect(await tabTo(page, 'How it Works')).toBe(true);
  await banner.screenshot({ path: `${dir}/a11y-focus-ring-nav.png` });
  expect(await tabTo(page, 'List Item')).toBe(true);
  await page.waitForTimeout(300);
  await banner.screenshot({ path: `${dir}/a11y-focus-ring.png` });
}

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true }).first();

describe('accessibility (axe, WCAG 2.2 AA)', () => {
  it('a guest: browse, search, categories, how it works, a product, 404, sign in and join, the phone menu, checkout and payment', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Aiko');
    const product = await listProduct(seller.page, `Kokeshi doll ${unique()}`, { price: 42 });
    const { page, context } = await newPerson(browser);
    const problems: string[] = [];

    problems.push(...(await auditPage(page, '/', 'Home', heading1())));
    problems.push(
      ...(await auditPage(page, `/?search=${encodeURIComponent(product.title)}`, 'Search results', (p) =>
        p.getByText(product.title).first().waitFor(),
      )),
    );
    problems.push(...(await auditPage(page, '/categories', 'Categories', heading1())));
    problems.push(...(await auditPage(page, '/how-it-works', 'How it works', heading1())));
    problems.push(...(await auditPage(page, `/product/${product.id}`, 'Product (guest)', heading1(product.title))));
    problems.push(...(await auditPage(page, '/no-such-page', 'Not found', heading1())));
    // What a guest is shown where a member's page would be, and the pages of a product or person that is not there.
    const unknown = '00000000-0000-4000-8000-000000000000';
    // The fourth member: a toast the page also shows, audited once it is there.
    for (const [path, what, title, toast] of [
      ['/sell', 'Sell (guest)', 'List Your Souvenir', undefined],
      ['/messages', 'Messages (guest)', 'Messages', undefined],
      ['/orders', 'Orders (guest)', undefined, undefined],
      ['/support', 'Support (guest)', undefined, undefined],
      [`/orders/${unknown}`, 'Order not found', undefined, undefined],
      [`/product/${unknown}`, 'Product not found', 'Product not found', undefined],
      [`/profile/${unknown}`, 'Profile not found', 'User not found', undefined],
      ['/checkout', 'Checkout without a product', 'No product selected', 'No product selected for checkout'],
    ] as const)
      problems.push(
        ...(await auditPage(page, path, what, async (p) => {
          await heading1(title)(p);
          if (toast) await p.getByText(toast).waitFor();
        })),
      );

    await page.goto('/how-it-works');
    await heading1()(page);
    problems.push(
      ...(await auditDialog(page, () => button(page.getByRole('banner'), 'Sign In').click(), 'Sign In', 'Sign in')),
    );
    problems.push(
      ...(await auditDialog(page, () => button(page.getByRole('banner'), 'List Item').click(), 'Join', 'Join')),
    );

    // The phone menu (a modal drawer), only at a phone width.
    await setWidth(page, 390);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    problems.push(...(await audit(page, 'Phone menu', 'dialog', [390])));
    await setWidth(page, 390);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close', exact: true }).click();
    await menu.waitFor({ state: 'hidden' });

    // Checkout, every step, then the success page.
    problems.push(
      ...(await auditPage(page, `/checkout?product=${product.id}`, 'Checkout: sign in or guest', (p) =>
        button(p, 'Continue as Guest').waitFor(),
      )),
    );
    await button(page, 'Continue as Guest').click();
    await page.getByRole('form', { name: 'Shipping information' }).waitFor();
    await settled(page);
    problems.push(...(await audit(page, 'Checkout: shipping', 'page')));
    await fillShipping(page, true);
    await page.getByRole('form', { name: 'Card payment' }).waitFor();
    await settled(page);
    problems.push(...(await audit(page, 'Checkout: payment', 'page')));
    await pay(page);
    await settled(page);
    problems.push(...(await audit(page, 'Payment success', 'page')));

    await focusScreenshots(page);
    await Promise.all([context.close(), seller.context.close()]);
    expect(problems).toEqual([]);
  }, 180_000);

  it('members: sell, profile and its dialog, favorites, messages with a thread, orders, an order and its dialogs, payouts, support', async () => {
    const seller = await newPerson(browser);
    const sellerAccount = await registerPerson(seller.page, 'Kemal');
    const product = await listProduct(seller.page, `Iznik bowl ${unique()}`, { price: 60 });
    const other = await listProduct(seller.page, `Iznik tile ${unique()}`, { price: 20 });
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Nadia');
    await callApi(buyer.page, 'POST', '/api/favorites', { productId: other.id });
    await callApi(buyer.page, 'POST', '/api/messages', {
      toUserId: sellerAccount.id,
      productId: other.id,
      content: 'Is the tile still for sale?',
    });
    const problems: string[] = [];

    // The buyer pays; the order is cancelled by itself if not shipped within about 26 s, so its dialogs come first.
    await buyer.page.goto(`/checkout?product=${product.id}`);
    await fillShipping(buyer.page, false);
    await pay(buyer.page);
    await buyer.page.getByRole('link', { name: 'View your order' }).click();
    await buyer.page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderPath = new URL(buyer.page.url()).pathname;
    await heading1(product.title)(buyer.page);
    problems.push(
      ...(await auditDialog(
        buyer.page,
        () => button(buyer.page, 'Ask to Cancel').click(),
        'Ask the seller to cancel',
        'Ask to cancel',
      )),
    );

    await seller.page.goto(orderPath);
    await heading1(product.title)(seller.page);
    problems.push(
      ...(await auditDialog(
        seller.page,
        () => button(seller.page, 'Cancel Order').click(),
        'Cancel this order',
        'Cancel order',
      )),
    );
    problems.push(
      ...(await auditDialog(
        seller.page,
        () => button(seller.page, 'Mark as Shipped').click(),
        'Mark as shipped',
        'Mark as shipped',
      )),
    );
    await button(seller.page, 'Mark as Shipped').click();
    const ship = seller.page.getByRole('dialog', { name: 'Mark as shipped' });
    await ship.getByLabel(/^Carrier/).fill('DHL');
    await button(ship, 'Mark as Shipped').click();
    await ship.waitFor({ state: 'hidden' });
    await settled(seller.page);
    problems.push(...(await audit(seller.page, 'Order (seller)', 'page')));

    await buyer.page.reload();
    await heading1(product.title)(buyer.page);
    await settled(buyer.page);
    problems.push(...(await audit(buyer.page, 'Order (buyer)', 'page')));
    problems.push(
      ...(await auditDialog(
        buyer.page,
        () => button(buyer.page, 'Report a Problem').click(),
        'Report a problem',
        'Report a problem',
      )),
    );
    await button(buyer.page, 'Report a Problem').click();
    const claim = buyer.page.getByRole('dialog', { name: 'Report a problem' });
    await claim.getByRole('combobox', { name: /What went wrong/ }).click();
    await buyer.page.getByRole('option', { name: 'Damaged' }).click();
    await claim.getByLabel(/^Describe the problem/).fill('The bowl arrived in three pieces.');
    await button(claim, 'Open Claim').click();
    await buyer.page.getByText('Claim opened: the payment is frozen').waitFor();

    await seller.page.reload();
    await heading1(product.title)(seller.page);
    problems.push(
      ...(await auditDialog(
        seller.page,
        () => button(seller.page, 'Answer the Claim').click(),
        'Answer the claim',
        'Answer the claim',
      )),
    );
    await button(seller.page, 'Answer the Claim').click();
    const answer = seller.page.getByRole('dialog', { name: 'Answer the claim' });
    await answer.getByLabel(/^Your statement/).fill('It was wrapped in bubble wrap; the carrier broke it.');
    await button(answer, 'Send My Answer').click();
    await seller.page.getByText('Answer sent: support will decide').waitFor();

    // The seller's own pages.
    problems.push(...(await auditPage(seller.page, `/product/${other.id}`, 'Product (owner)', heading1(other.title))));
    problems.push(...(await auditPage(seller.page, '/sell', 'Sell', heading1())));
    problems.push(...(await auditPage(seller.page, '/profile', 'Profile', heading1())));
    problems.push(
      ...(await auditDialog(
        seller.page,
        () => button(seller.page, 'Edit Profile').click(),
        'Edit Profile',
        'Edit profile',
      )),
    );
    problems.push(...(await auditPage(seller.page, '/messages', 'Messages', heading1('Messages'))));
    await seller.page.goto('/messages');
    await seller.page.getByRole('button', { name: new RegExp(`${other.title}: `) }).click();
    await seller.page.getByText('Is the tile still for sale?').waitFor();
    await settled(seller.page);
    problems.push(...(await audit(seller.page, 'Messages: a thread', 'page')));
    problems.push(...(await auditPage(seller.page, '/orders?tab=sales', 'Orders', heading1())));
    problems.push(...(await auditPage(seller.page, '/profile/payouts', 'Payouts', heading1())));

    // The buyer's.
    problems.push(
      ...(await auditPage(buyer.page, '/profile?tab=favorites', 'Favorites', (p) =>
        p.getByText(other.title).first().waitFor(),
      )),
    );

    // Support decides the claim.
    const agent = await newPerson(browser);
    const account = await registerPerson(agent.page, 'Ruth');
    const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
      setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
    };
    await setUserRole(process.env.E2E_DATABASE_URL!, account.username, 'support');
    problems.push(...(await auditPage(agent.page, '/support', 'Support', heading1('Open claims'))));
    const item = agent.page.getByRole('listitem').filter({ hasText: product.title });
    problems.push(
      ...(await auditDialog(agent.page, () => button(item, 'Decide').click(), 'Decide the claim', 'Decide the claim')),
    );

    await Promise.all([buyer.context.close(), seller.context.close(), agent.context.close()]);
    expect(problems).toEqual([]);
  }, 180_000);
});
