import type { Page } from 'playwright-core';
import { browserWorld, listProduct } from './actors';
import { axeViolations } from './axe';
import { shot, unique } from './browser';

/*
 * A bundle bought in the browser, at phone and desktop size: the seller sets a bundle discount in their account, the
 * buyer adds two of the seller's items to a bundle from their pages (an item of another seller asks before starting
 * anew), sees the discount on /bundle, pays once at the checkout, and finds one order of both items. Axe on every
 * state; screenshots go to SHOTS_DIR when it is set.
 */
const world = browserWorld();

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

const APP_SCRIPTS = /\/assets\/[\w.-]+\.js$/;

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** The value of a row of a list of terms (the bundle's and the checkout's totals). */
const valueOf = (page: Page, scope: string, label: string) =>
  page
    .getByRole('region', { name: scope })
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd')
    .textContent();

describe.each(SIZES)('a bundle at %s size', (size, width, height) => {
  it('discount set by the seller, two items bundled, one payment, one order of both', async () => {
    const seller = await world.member('Lucia', { width, height });

    // The seller's bundle discount, in their account settings: a wrong percent is answered in the field.
    await seller.page.goto('/account');
    const settings = seller.page.getByRole('form', { name: 'Bundle discount' });
    // The first page a run opens loads its chunks cold on a busy machine; a failed read would show its alert instead.
    const unreadable = seller.page.getByText('Could not load your bundle discount');
    await settings.or(unreadable).first().waitFor({ timeout: 60_000 });
    expect(await unreadable.count()).toBe(0);
    await settings.getByLabel('Discount').fill('60');
    await settings.getByRole('button', { name: 'Save bundle discount' }).click();
    await settings.getByText('The bundle discount is a whole percent from 0 to 50.').waitFor();
    await settings.getByLabel('Discount').fill('10');
    await settings.getByRole('button', { name: 'Save bundle discount' }).click();
    await seller.page.getByText('Bundle discount saved').waitFor();
    await seller.page.getByText('Buyers see “Buy 2+ from this seller, save 10 %” on your items.').waitFor();
    await expectNoAxeViolations(seller.page);
    await shot(seller.page, `bundle-discount-setting-${size}`);

    const first = await listProduct(seller.page, `Majolica jug ${unique()}`, { price: 20 });
    const second = await listProduct(seller.page, `Olive wood spoon ${unique()}`, { price: 9.99 });
    const other = await world.member('Piet', { width, height });
    const elsewhere = await listProduct(other.page, `Delft tile ${unique()}`, { price: 12 });

    // The buyer adds the first item straight away: a tap before the page is hydrated is replayed after it.
    const buyer = await world.member('Oskar', { width, height });
    await buyer.page.goto(`/product/${first.id}`);
    await buyer.page.getByText('Buy 2+ from this seller, save 10 %').waitFor();
    await buyer.page.getByRole('button', { name: 'Add to bundle' }).click();
    await buyer.page.getByText('Added to your bundle').waitFor();
    await buyer.page.getByRole('link', { name: 'In your bundle' }).waitFor();
    await buyer.page.getByRole('link', { name: 'Bundle, 1 item' }).waitFor();

    // Another seller's item asks first; the buyer keeps their bundle.
    await buyer.page.goto(`/product/${elsewhere.id}`);
    await buyer.page.getByRole('button', { name: 'Add to bundle' }).click();
    const ask = buyer.page.getByRole('dialog', { name: 'Start a new bundle?' });
    await ask.getByText(/Your bundle holds 1 item from Lucia Tester/).waitFor();
    await expectNoAxeViolations(buyer.page);
    await ask.getByRole('button', { name: 'Keep my bundle' }).click();
    await ask.waitFor({ state: 'hidden' });

    await buyer.page.goto(`/product/${second.id}`);
    await buyer.page.getByRole('button', { name: 'Add to bundle' }).click();
    await buyer.page.getByText('2 items from Lucia Tester.').waitFor();
    await buyer.page.getByRole('link', { name: 'Bundle, 2 items' }).click();

    // The bundle: both items, the discount from two items, the total the server will charge.
    await buyer.page.waitForURL(/\/bundle$/);
    await buyer.page.getByRole('heading', { level: 1, name: 'Your bundle' }).waitFor();
    const items = buyer.page.getByRole('list', { name: 'Items in your bundle' });
    await items.getByRole('link', { name: first.title }).waitFor();
    await items.getByRole('link', { name: second.title }).waitFor();
    await buyer.page.getByText('Bundle discount (10 %)').waitFor();
    expect(await valueOf(buyer.page, 'Bundle total', 'Subtotal (2 items)')).toBe('$29.99');
    expect(await valueOf(buyer.page, 'Bundle total', 'Bundle discount (10 %)')).toBe('−$3.00');
    expect(await valueOf(buyer.page, 'Bundle total', 'Total')).toBe('$26.99');
    await expectNoAxeViolations(buyer.page);
    await shot(buyer.page, `bundle-page-${size}`);

    // One checkout of both: the summary lists them with the discount, and the payment is the total.
    await buyer.page.getByRole('link', { name: 'Checkout' }).click();
    await buyer.page.waitForURL(new RegExp(`/checkout\\?products=${first.id},${second.id}$`));
    const summary = buyer.page.getByRole('region', { name: 'Order Summary' });
    await summary.getByText(second.title).waitFor();
    expect(await valueOf(buyer.page, 'Order Summary', 'Total')).toBe('$26.99');
    const shipping = buyer.page.getByRole('form', { name: 'Shipping information' });
    await shipping.getByLabel(/^Street Address/).fill('1 Main St');
    await shipping.getByLabel(/^City/).fill('Springfield');
    await shipping.getByLabel(/^State/).fill('IL');
    await shipping.getByLabel(/^ZIP Code/).fill('62701');
    await expectNoAxeViolations(buyer.page);
    await shot(buyer.page, `bundle-checkout-${size}`);
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
    const card = buyer.page.getByRole('form', { name: 'Card payment' });
    // The card form, or the server's sentence why the payment could not be set up (then the test says it).
    const setupFailed = buyer.page.getByRole('alert').filter({ hasText: 'Failed to setup payment' });
    await card.or(setupFailed).first().waitFor();
    if (await setupFailed.count()) throw new Error(await setupFailed.innerText());
    await card.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
    await card.getByLabel(/^Expiry/).fill('12 / 34');
    await card.getByLabel(/^CVC/).fill('123');
    await card.getByLabel(/^(ZIP|Postal|Postcode)/).fill('62701');
    await card.getByRole('button', { name: 'Pay $26.99' }).click();
    await buyer.page.getByText('Payment Successful!').waitFor({ timeout: 60_000 });
    await buyer.page.getByRole('list', { name: 'Items of your order' }).getByText(second.title).waitFor();
    // Paid: the bundle is empty again.
    expect(await buyer.page.getByRole('link', { name: /^Bundle, / }).count()).toBe(0);
    await expectNoAxeViolations(buyer.page);

    // One order of both items, in the list and on its page.
    await buyer.page.getByRole('link', { name: 'View your order' }).click();
    await buyer.page.getByRole('heading', { level: 1, name: 'Bundle of 2 items' }).waitFor();
    const orderItems = buyer.page.getByRole('list', { name: 'Items of this order' });
    await orderItems.getByRole('link', { name: first.title }).waitFor();
    await orderItems.getByRole('link', { name: second.title }).waitFor();
    await buyer.page.getByText('Bundle discount').waitFor();
    await expectNoAxeViolations(buyer.page);
    await shot(buyer.page, `bundle-order-${size}`);
    await buyer.page.goto('/orders');
    await buyer.page.getByRole('heading', { name: 'Bundle of 2 items' }).waitFor();
    await expectNoAxeViolations(buyer.page);

    // The seller's sale is one order of both, to ship in one parcel.
    await seller.page.goto('/orders?tab=sales');
    await seller.page.getByRole('heading', { name: 'Bundle of 2 items' }).click();
    await seller.page.getByRole('heading', { level: 1, name: 'Bundle of 2 items' }).waitFor();
  });

  it('takes a tap on Add to bundle before hydration, and hydrates a bundled item’s page without a mismatch', async () => {
    const seller = await world.member('Greta', { width, height });
    const item = await listProduct(seller.page, `Amber pendant ${unique()}`, { price: 30 });
    const guest = await world.person({ width, height });
    const errors: string[] = [];
    guest.page.on('pageerror', (error) => errors.push(error.message));
    // React reports a hydration mismatch it recovered from (#418) on the console.
    guest.page.on('console', (message) => {
      if (message.type() === 'error' && /#418|hydrat/i.test(message.text())) errors.push(message.text());
    });
    // The page stays the gateway's HTML until the app's scripts are let through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await guest.page.route(APP_SCRIPTS, async (route) => {
      await released;
      await route.continue();
    });
    await guest.page.goto(`/product/${item.id}`, { waitUntil: 'domcontentloaded' });
    await guest.page.getByRole('button', { name: 'Add to bundle' }).click();
    release();
    await guest.page.getByRole('link', { name: 'In your bundle' }).waitFor({ timeout: 45_000 });
    await guest.page.getByRole('link', { name: 'Bundle, 1 item' }).waitFor();
    // Rendered by the gateway as "Add to bundle" with no badge, hydrated as that, then shown in the bundle.
    await guest.page.unroute(APP_SCRIPTS);
    await guest.page.reload();
    await guest.page.getByRole('link', { name: 'In your bundle' }).waitFor();
    await guest.page.getByRole('link', { name: 'Bundle, 1 item' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows an empty bundle with its way forward', async () => {
    const someone = await world.person({ width, height });
    await someone.page.goto('/bundle');
    await someone.page.getByRole('heading', { level: 2, name: 'Your bundle is empty' }).waitFor();
    await expectNoAxeViolations(someone.page);
    await shot(someone.page, `bundle-empty-${size}`);
  });
});
