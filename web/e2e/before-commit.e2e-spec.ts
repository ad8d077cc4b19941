import type { Browser, BrowserContext, Page } from 'playwright-core';
import { listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, shot, unique } from './browser';

/*
 * "Before a person commits", at phone and desktop size: where an item ships is said before an address is
 * typed, and browse can show only what reaches the shopper; the shipping step (not payment) refuses a delivery
 * country the item cannot reach, and a Canadian postal code pays; the seller's customs checkbox is named apart from
 * the Verified seller badge, nothing says "Pending", and a seller sees how to earn Verified. Axe on every state.
 * Screenshots at each size go to SHOTS_DIR when it is set.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

/** A person in a browser of this size whose language says en-US (the shopper is in the United States by default). */
async function personAt(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Opens the filters: the sidebar on a desktop, the drawer behind "Filters (n)" on a phone. */
async function openFilters(page: Page, phone: boolean) {
  if (!phone) return page.getByRole('complementary').or(page.locator('aside')).first();
  await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await drawer.waitFor();
  return drawer;
}

/** A card of the results, brought on screen (cards off screen are not rendered: content-visibility). */
async function cardOf(page: Page, title: string) {
  const card = page.getByRole('article', { name: title });
  await card.waitFor({ state: 'attached' });
  await card.scrollIntoViewIfNeeded();
  return card;
}

describe.each(SIZES)('before a person commits, on a %s', (size, width, height) => {
  const phone = size === 'phone';

  it('says where an item ships on its card and page, and browse can show only what reaches the shopper', async () => {
    const word = `Toboggan${unique()}`;
    const canadian = await personAt(width, height);
    await registerPerson(canadian.page, 'Mapleseller', 'Toronto, Canada');
    const fromCanada = await listProduct(canadian.page, `${word} sled from Quebec`);
    const american = await personAt(width, height);
    await registerPerson(american.page, 'Oakseller', 'Portland, USA');
    const fromUs = await listProduct(american.page, `${word} sled from Vermont`, { isCustomsVerified: false });

    const shopper = await personAt(width, height);
    const { page } = shopper;
    await page.goto(`/?search=${word}`);
    await (await cardOf(page, fromCanada.title)).getByText('Free shipping within Canada').waitFor();
    await (await cardOf(page, fromUs.title)).getByText('Free shipping within United States').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'ships-within-cards');

    // The product page says it before Buy Now: this browser is in the United States.
    await page.goto(`/product/${fromCanada.id}`);
    await page.getByText('Free shipping within Canada').waitFor();
    await page
      .getByTestId('delivery-notice')
      .getByText('This item ships only within Canada; it cannot be delivered to United States.')
      .waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'ships-within-product');

    // "Only items that ship to United States": the Canadian sled leaves the results.
    await page.goto(`/?search=${word}`);
    await page.getByRole('article', { name: fromCanada.title }).waitFor();
    let filters = await openFilters(page, phone);
    await filters.getByLabel('Only items that ship to United States').check();
    if (phone) await page.getByRole('button', { name: /^Show \d+ results?$/ }).click();
    await page.getByRole('article', { name: fromCanada.title }).waitFor({ state: 'detached' });
    await page.getByRole('article', { name: fromUs.title }).waitFor();
    expect(new URL(page.url()).searchParams.get('shipsTo')).toBe('United States');
    await expectNoAxeViolations(page);

    // Where the shopper is, changed and remembered: Canada, after a reload, and the filter follows.
    filters = await openFilters(page, phone);
    await filters.getByRole('combobox', { name: 'Deliver to' }).click();
    await page.getByRole('option', { name: 'Canada' }).click();
    await filters.getByLabel('Only items that ship to Canada').waitFor();
    if (phone) await page.getByRole('button', { name: /^Show \d+ results?$/ }).click();
    await page.getByRole('article', { name: fromCanada.title }).waitFor();
    await page.getByRole('article', { name: fromUs.title }).waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await shot(page, 'ships-to-filter');
    await page.goto(`/product/${fromCanada.id}`);
    await page.getByText('Free shipping within Canada').waitFor();
    expect(await page.getByTestId('delivery-notice').count()).toBe(0);

    for (const person of [shopper, canadian, american]) await person.context.close();
  });

  it('refuses a delivery country on the shipping step, and a Canadian postal code pays', async () => {
    const seller = await personAt(width, height);
    await registerPerson(seller.page, 'Loonseller', 'Montreal, Canada');
    const product = await listProduct(seller.page, `Hockey puck ${unique()}`, { price: 18 });

    const guest = await personAt(width, height);
    const { page } = guest;
    await page.goto(`/checkout?product=${product.id}`);
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    const shipping = page.getByRole('form', { name: 'Shipping information' });
    await shipping.getByText('This item ships within Canada only: the delivery address must be in Canada.').waitFor();
    await shipping.getByLabel(/^Email/).fill('camille@example.com');
    await shipping.getByLabel(/^First Name/).fill('Camille');
    await shipping.getByLabel(/^Last Name/).fill('Tremblay');
    await shipping.getByLabel(/^Street Address/).fill('100 King St W');
    await shipping.getByLabel(/^City/).fill('Toronto');
    await shipping.getByLabel(/^ZIP Code/).fill('M5H 2N2');
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
    // Told on the form, where the country is: not "Failed to setup payment" after going on.
    await shipping.getByText('This item ships only within Canada; it cannot be delivered to United States.').waitFor();
    await shipping.getByText('Enter a valid US ZIP code (e.g., 10001)').waitFor();
    expect(await page.getByText('Failed to setup payment').count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'shipping-country-refused');

    await shipping.getByLabel(/^Country/).fill('Canada');
    await shipping.getByLabel(/^Postal Code/).waitFor();
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();

    // The card form takes the billing postal code, as Canada writes it.
    const card = page.getByRole('form', { name: 'Card payment' });
    const postalCode = card.getByLabel(/^Postal Code/);
    await postalCode.waitFor();
    expect(await postalCode.inputValue()).toBe('M5H 2N2');
    await card.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
    await card.getByLabel(/^Expiry/).fill('12 / 34');
    await card.getByLabel(/^CVC/).fill('123');
    await expectNoAxeViolations(page);
    await shot(page, 'card-canadian-postal-code');
    await card.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/payment-success\?product=/);
    await page.getByText('Payment Successful!').waitFor();

    for (const person of [guest, seller]) await person.context.close();
  });

  it('names the customs declaration apart from Verified seller, says no "Pending", and shows how to earn Verified', async () => {
    const seller = await personAt(width, height);
    const { id: sellerId } = await registerPerson(seller.page, 'Tundraseller', 'Calgary, Canada');
    const word = `Inukshuk${unique()}`;
    const declared = await listProduct(seller.page, `${word} stone figure`, { isCustomsVerified: true });
    const undeclared = await listProduct(seller.page, `${word} soapstone bear`, { isCustomsVerified: false });

    const { page } = seller;
    await page.goto(`/?search=${word}`);
    await (await cardOf(page, declared.title)).getByText('Customs declared by seller').waitFor();
    const undeclaredCard = await cardOf(page, undeclared.title);
    expect(await undeclaredCard.getByTestId('customs-declared-chip').count()).toBe(0);
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'customs-declared-cards');

    // The product page marks the level that applies among the three, and its details say "Not declared", not Pending.
    await page.goto(`/product/${declared.id}`);
    const levels = page.getByTestId('origin-levels');
    await levels.getByText('Customs declared by seller (this item):').waitFor();
    // Only that one: the levels above it are not this item's.
    for (const other of ['Documented (this item):', 'Checked (this item):'])
      expect(await levels.getByText(other).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.goto(`/product/${undeclared.id}`);
    await page.getByText('Not declared', { exact: true }).waitFor();
    expect(
      await page
        .getByTestId('origin-levels')
        .getByText(/\(this item\):$/)
        .count(),
    ).toBe(0);
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(0);
    await shot(page, 'origin-levels-undeclared');

    // The seller, not yet Verified, sees how to earn it on their profile and on Payouts.
    await page.goto(`/profile/${sellerId}`);
    const steps = page.getByTestId('verified-seller-steps');
    await steps.getByRole('heading', { name: 'How to become a Verified seller' }).waitFor();
    await steps.getByText('Set up payouts', { exact: true }).first().waitFor();
    await steps.getByText('Complete a sale', { exact: true }).waitFor();
    // Both steps to do, once the payout account and the track record have loaded (skeletons before).
    await steps.getByRole('img', { name: 'To do' }).nth(1).waitFor();
    expect(await steps.getByRole('img', { name: 'To do' }).count()).toBe(2);
    await expectNoAxeViolations(page);
    await shot(page, 'verified-steps-profile');
    await page.goto('/profile/payouts');
    await page.getByTestId('verified-seller-steps').getByText('Complete a sale', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'verified-steps-payouts');

    // Nobody else sees the steps on that profile.
    const visitor = await personAt(width, height);
    await visitor.page.goto(`/profile/${sellerId}`);
    await visitor.page.getByRole('heading', { name: /Tundraseller/ }).waitFor();
    expect(await visitor.page.getByTestId('verified-seller-steps').count()).toBe(0);

    for (const person of [visitor, seller]) await person.context.close();
  });
});
