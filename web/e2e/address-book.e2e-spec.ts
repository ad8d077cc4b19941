import type { Browser, BrowserContext, Page } from 'playwright-core';
import { listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, shot, unique } from './browser';

/*
 * The checkout remembers the buyer's address, at phone and desktop size: a first purchase with a new address saves
 * it ("Save this address", on by default); the second purchase offers it preselected and pays with it; an item that
 * ships within another country shows it but does not let it be picked, saying why; the account's section manages
 * the book (a postcode not of its country is refused on the form). Axe on every state. Screenshots at each size go to
 * SHOTS_DIR when it is set.
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

async function personAt(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Pays on the card form with the test card that succeeds, then waits for the success page. */
async function payByCard(page: Page, postcode: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await form.getByLabel(/^Expiry/).fill('12 / 34');
  await form.getByLabel(/^CVC/).fill('123');
  // The card form carries the billing postcode over from the address; typed again here as a buyer may.
  await form.getByLabel(/^(ZIP|Postal|Postcode)/).fill(postcode);
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  // Generous: the payment crosses every service, and a busy machine shares two cores among them.
  await page.getByText('Payment Successful!').waitFor({ timeout: 60_000 });
}

describe.each(SIZES)('the address book at %s size', (_size, width, height) => {
  it('saves the address of a first purchase, preselects it for the next and pays; other countries cannot pick it', async () => {
    const seller = await personAt(width, height);
    await registerPerson(seller.page, 'Stateside', 'Portland, USA');
    const first = await listProduct(seller.page, `Pendleton blanket ${unique()}`, { price: 40 });
    const second = await listProduct(seller.page, `Powell's tote ${unique()}`, { price: 15 });
    const canadian = await personAt(width, height);
    await registerPerson(canadian.page, 'Mapleseller', 'Montreal, Canada');
    const fromCanada = await listProduct(canadian.page, `Maple syrup tin ${unique()}`, { price: 12 });

    const buyer = await personAt(width, height);
    const { page } = buyer;
    await registerPerson(page, 'Rosa', 'Chicago, USA');

    // First purchase: nothing saved yet, so the form; "Save this address" is on.
    await page.goto(`/checkout?product=${first.id}`);
    const shipping = page.getByRole('form', { name: 'Shipping information' });
    await shipping.waitFor();
    expect(await shipping.getByLabel('Save this address for next time').isChecked()).toBe(true);
    await shipping.getByLabel(/^Street Address/).fill('233 S Wacker Dr');
    await shipping.getByLabel(/^City/).fill('Chicago');
    await shipping.getByLabel(/^State/).fill('IL');
    await shipping.getByLabel(/^ZIP Code/).fill('60606');
    await expectNoAxeViolations(page);
    await shot(page, 'address-book-first-checkout');
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
    await payByCard(page, '60606');

    // Second purchase: the address is there, preselected, and pays as it is.
    await page.goto(`/checkout?product=${second.id}`);
    const saved = page.getByRole('radio', { name: /233 S Wacker Dr/ });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Use a new address' }).isChecked()).toBe(false);
    expect(await page.getByRole('form', { name: 'Shipping information' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'address-book-preselected');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const card = page.getByRole('form', { name: 'Card payment' });
    await card.waitFor();
    expect(await card.getByLabel(/^ZIP/).inputValue()).toBe('60606');
    await payByCard(page, '60606');

    // The seller ships to the saved address.
    const orders = await seller.page.evaluate(async () => (await fetch('/api/orders')).json());
    const sale = (
      orders as { sales: { product: { id: string }; buyer?: { deliveryAddress: { street: string; zip: string } } }[] }
    ).sales.find((o) => o.product.id === second.id);
    expect(sale?.buyer?.deliveryAddress).toMatchObject({ street: '233 S Wacker Dr', zip: '60606' });

    // An item that ships within Canada: the US address is shown, not selectable, and says why.
    await page.goto(`/checkout?product=${fromCanada.id}`);
    const abroad = page.getByRole('radio', { name: /233 S Wacker Dr/ });
    await abroad.waitFor();
    expect(await abroad.isDisabled()).toBe(true);
    await page.getByText('This item ships only within Canada; it cannot be delivered to United States.').waitFor();
    expect(await page.getByRole('radio', { name: 'Use a new address' }).isChecked()).toBe(true);
    await page.getByRole('form', { name: 'Shipping information' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'address-book-abroad');

    // The account's section: the address is the default and the last used; a second one is added there.
    await page.goto('/account');
    const book = page.getByRole('region', { name: 'Shipping addresses' });
    await book.getByText('233 S Wacker Dr').waitFor();
    await book.getByText('Default').waitFor();
    await book.getByText('Last used').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'address-book-account');
    await book.getByRole('button', { name: 'Add an address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an address' });
    await dialog.getByLabel(/^Address line 1/).fill('1 Yonge St');
    await dialog.getByLabel(/^City/).fill('Toronto');
    await dialog.getByLabel(/^Country/).fill('Canada');
    await dialog.getByLabel(/^Postal Code/).fill('60606');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.getByText('Enter a valid Canadian postal code (e.g., M5H 2N2)').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'address-book-dialog');
    await dialog.getByLabel(/^Postal Code/).fill('M5E 1W7');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'detached' });
    await book.getByText('1 Yonge St').waitFor();

    // Now the Canadian item can go to the Canadian address, preselected as the only one that reaches it.
    await page.goto(`/checkout?product=${fromCanada.id}`);
    const toronto = page.getByRole('radio', { name: /1 Yonge St/ });
    await toronto.waitFor();
    expect(await toronto.isChecked()).toBe(true);

    // Deleted from the account, asked first.
    await page.goto('/account');
    await book.getByRole('button', { name: /^Delete .*1 Yonge St/ }).click();
    await page
      .getByRole('dialog', { name: 'Delete this address?' })
      .getByRole('button', { name: 'Delete address' })
      .click();
    await book.getByText('1 Yonge St').waitFor({ state: 'detached' });

    for (const person of [buyer, seller, canadian]) await person.context.close();
  }, 180_000);
});
