import type { Browser, Locator, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, unique } from './browser';

/*
 * "Money shown as it is", at a phone's and a desktop's width: each party sees the money as they get it
 * (a refund is the buyer's money back on their card and $0.00 for the seller; a claim freezes it), Payouts is a
 * ledger of every money line with running balances and a CSV download, "Everything is OK" asks before it pays the
 * seller, the copy says Souvenir Swap, and the 404 page helps.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** "2 Dec": the order page's day and month, today (the refund lands within the test). */
const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/** Nothing wider than the viewport, and no accessibility violations. */
async function looksRight(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  expect(await axeViolations(page)).toEqual([]);
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    const name = `${new URL(page.url()).pathname.replace(/\W+/g, '-')}-${page.viewportSize()?.width}`;
    await page.screenshot({ path: `${dir}/money${name}-${unique()}.png`, fullPage: true });
  }
}

/** The signed-in buyer of this page pays for the product with the test card 4242 (API calls, as the card form makes). */
async function buys(page: Page, productId: string, amount: string): Promise<string> {
  const intent = await callApi<{ clientSecret: string }>(page, 'POST', '/api/create-payment-intent', {
    productId,
    amount,
    guestInfo: {
      billingStreet: '9 Harbour Road',
      billingCity: 'Seattle',
      billingZip: '98101',
      billingCountry: 'United States',
      sameAsDelivery: true,
    },
  });
  expect(intent.status).toBe(200);
  const confirmed = await callApi(page, 'POST', '/api/payments/test-confirm', {
    clientSecret: intent.body.clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: '12', expYear: '34', cvc: '123', postalCode: '98101' },
  });
  expect(confirmed.status).toBe(200);
  const orders = await callApi<{ items: Array<{ id: string }> }>(
    page,
    'GET',
    `/api/orders?role=purchases&productId=${productId}`,
  );
  return orders.body.items[0]!.id;
}

async function send(page: Page, path: string, body?: unknown) {
  const res = await callApi(page, 'POST', path, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** True once the locator shows within a few seconds. */
const shows = (locator: Locator) =>
  locator.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );

/** Reloads until the locator shows (a refund or a payout lands moments after the action, by a job). */
async function reloadUntilShown(page: Page, locator: Locator) {
  for (let attempt = 0; attempt < 15; attempt++) {
    if (await shows(locator)) return;
    await page.reload();
  }
  await locator.waitFor({ timeout: 1_000 });
}

describe.each(SIZES)('money shown as it is at $width px', (size) => {
  it('a claim freezes the money; refunded, the buyer sees it back on their card, the seller $0.00, the ledger every line', async () => {
    const seller = await newPerson(browser);
    const buyer = await newPerson(browser);
    await Promise.all([seller.page.setViewportSize(size), buyer.page.setViewportSize(size)]);
    await registerPerson(seller.page, 'Mali');
    await registerPerson(buyer.page, 'Ravi');
    const product = await listProduct(seller.page, `Bo Sang paper umbrella ${unique()}`, { price: 16 });
    const orderId = await buys(buyer.page, product.id, '16.00');
    await send(seller.page, `/api/orders/${orderId}/ship`, { carrier: 'DHL' });
    await send(buyer.page, `/api/orders/${orderId}/claims`, {
      reason: 'damaged',
      description: 'Two ribs of the umbrella are snapped.',
    });

    // During the claim the money card says frozen, as the header does (it said "Held until you confirm").
    await buyer.page.goto(`/orders/${orderId}`);
    const buyerMoney = buyer.page.getByRole('region', { name: 'Money' });
    await buyerMoney.getByText('Frozen until the claim is resolved').waitFor();
    await buyer.page.getByText('A claim is open: the payment is frozen until it is resolved.').waitFor();
    await looksRight(buyer.page);

    await send(seller.page, `/api/orders/${orderId}/claim/response`, { accept: true });

    // Refunded: the buyer's money is back on their card; the seller gets nothing, and is not told otherwise.
    await reloadUntilShown(buyer.page, buyerMoney.getByText(`$16.00 back to your card ending 4242 on ${today()}`));
    await looksRight(buyer.page);
    await seller.page.goto(`/orders/${orderId}`);
    const sellerMoney = seller.page.getByRole('region', { name: 'Money' });
    await sellerMoney.getByText(`$0.00 — refunded to the buyer on ${today()}`).waitFor();
    expect(await sellerMoney.getByText(/You receive/).count()).toBe(0);
    await looksRight(seller.page);

    // Payouts: the sale and its refund are lines of the ledger, each with the balances after it.
    await seller.page.goto('/profile/payouts');
    const ledger = seller.page.getByRole('list', { name: 'Money history' });
    const lines = ledger.getByRole('listitem');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(2);
    await lines.nth(0).getByText('Refunded to the buyer').waitFor();
    await lines.nth(0).getByText('-$16.00').waitFor();
    await lines.nth(1).getByText('Sale held').waitFor();
    await lines.nth(1).getByText('+$16.00').waitFor();
    // The running balance: Held was $16.00 after the sale, $0.00 after the refund, as the Held card says.
    expect(await lines.nth(1).locator('dt:text-is("Held") + dd').textContent()).toBe('$16.00');
    expect(await lines.nth(0).locator('dt:text-is("Held") + dd').textContent()).toBe('$0.00');
    await seller.page.getByRole('group', { name: 'Held' }).getByText('$0.00').waitFor();
    await looksRight(seller.page);

    // The download: the same lines, newest first.
    const download = seller.page.getByRole('link', { name: 'Download CSV' });
    expect(await download.getAttribute('href')).toBe('/api/payouts/ledger.csv');
    const csv = await seller.page.evaluate(async () => {
      const res = await fetch('/api/payouts/ledger.csv');
      return { type: res.headers.get('content-type'), text: await res.text() };
    });
    expect(csv.type).toMatch(/^text\/csv/);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toMatch(/^Date \(UTC\),Line,Item,Order,Held change/);
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual(['Refunded to the buyer', 'Sale held']);

    await Promise.all([seller.context.close(), buyer.context.close()]);
  }, 120_000);

  it('"Everything is OK" asks first, saying buyer protection ends; then the ledger shows the release and its fee', async () => {
    const seller = await newPerson(browser);
    const buyer = await newPerson(browser);
    await Promise.all([seller.page.setViewportSize(size), buyer.page.setViewportSize(size)]);
    await registerPerson(seller.page, 'Noor');
    await registerPerson(buyer.page, 'Ines');
    const product = await listProduct(seller.page, `Celadon tea bowl ${unique()}`, { price: 30 });
    const orderId = await buys(buyer.page, product.id, '30.00');
    await send(seller.page, `/api/orders/${orderId}/ship`, { carrier: 'USPS' });
    await send(buyer.page, `/api/orders/${orderId}/delivered`);

    await buyer.page.goto(`/orders/${orderId}`);
    await buyer.page.getByRole('button', { name: 'Everything is OK' }).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Is everything OK?' });
    await dialog.getByText(/pays the seller \$30\.00 and ends your buyer protection/).waitFor();
    await looksRight(buyer.page);
    // Not yet: nothing happened, the order still waits for the buyer.
    await dialog.getByRole('button', { name: 'Not Yet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await callApi<{ status: string }>(buyer.page, 'GET', `/api/orders/${orderId}`)).body.status).toBe(
      'delivered',
    );

    await buyer.page.getByRole('button', { name: 'Everything is OK' }).click();
    await dialog.getByRole('button', { name: 'Yes, Pay the Seller' }).click();
    await buyer.page.getByText('Thank you! The order is complete').waitFor();
    await buyer.page.getByText('Completed. Thank you for trading on Souvenir Swap.').waitFor();
    await looksRight(buyer.page);

    // The seller's ledger: held, then released in full, then the platform's fee (its own line, even at $0.00).
    await seller.page.goto('/profile/payouts');
    const lines = seller.page.getByRole('list', { name: 'Money history' }).getByRole('listitem');
    await reloadUntilShown(seller.page, lines.filter({ hasText: 'Platform fee' }));
    const kinds = await lines.evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent));
    expect(kinds).toEqual(['Platform fee', 'Released to you', 'Sale held']);
    await lines.nth(1).getByText('+$30.00').waitFor();
    const available = await lines.nth(0).locator('dt:text-is("Available") + dd').textContent();
    await seller.page.getByRole('group', { name: 'Available' }).getByText(available!).waitFor();
    await looksRight(seller.page);

    await Promise.all([seller.context.close(), buyer.context.close()]);
  }, 120_000);

  it('an unknown address gets a page that helps, not a note for developers', async () => {
    const { context, page } = await newPerson(browser);
    await page.setViewportSize(size);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByText(/We could not find this page/).waitFor();
    expect(await page.getByText(/router/).count()).toBe(0);
    await looksRight(page);
    const search = page.getByRole('search', { name: 'Search souvenirs' });
    await search.getByLabel('Search souvenirs').fill('umbrella');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/\?search=umbrella$/);
    await context.close();
  });
});
