import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, unique } from './browser';

/** In the browser: a seller sets up payouts (test-mode onboarding), sells, and is paid; a refund pays nothing. */
/** The repository: npm test runs every jest from there. */
const ROOT = process.cwd();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface PayoutsPage {
  balance: { held: string; available: string; paidOut: string };
  items: Array<{ amount: string; status: string; order: { id: string } }>;
}

const usd = (amount: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

/** With E2E_SHOTS_DIR set, the page at a desktop and a phone width, for a person to look at. */
async function screenshots(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Nothing wider than a phone's screen, and no accessibility violations, at 390 px. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function memberBuys(page: Page, productId: string): Promise<string> {
  await page.goto(`/checkout?product=${productId}`);
  const shipping = page.getByRole('form', { name: 'Shipping information' });
  // From their second purchase on, the buyer's saved address is offered first: this test types one anyway.
  const newAddress = page.getByRole('radio', { name: 'Use a new address' });
  await shipping.or(newAddress).first().waitFor();
  if (await newAddress.count()) await newAddress.check();
  await shipping
    .getByLabel(/^Street Address/)
    .first()
    .fill('9 Harbour Road');
  await shipping.getByLabel(/^City/).first().fill('Seattle');
  await shipping
    .getByLabel(/^ZIP Code/)
    .first()
    .fill('98101');
  await shipping.getByLabel('Same as billing').check();
  await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await form.getByLabel(/^Expiry/).fill('12 / 34');
  await form.getByLabel(/^CVC/).fill('123');
  await form.getByLabel(/^ZIP/).fill('10001');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByText('Payment Successful!').waitFor();
  await page.getByRole('link', { name: 'View your order' }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** The seller ships (the stack cancels an order unshipped after about 26 s). */
async function ship(page: Page, orderPath: string) {
  await page.goto(orderPath);
  await page.getByRole('button', { name: 'Mark as Shipped' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as shipped' });
  await dialog.getByLabel(/^Carrier/).fill('DHL');
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await page.getByText('Order marked as shipped').waitFor();
}

/** True once the locator shows within a few seconds (a reloaded page renders again first). */
const shows = (locator: Locator) =>
  locator.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );

/** Reloads until `check` finds what it looks for (payouts land shortly after an order completes). */
async function reloadUntil(page: Page, check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) {
      await page
        .screenshot({ path: `/tmp/shots/timeout-${what.replace(/\W+/g, '-')}.png`, fullPage: true })
        .catch(() => undefined);
      throw new Error(
        `timed out waiting for ${what}: ${JSON.stringify((await callApi(page, 'GET', '/api/payouts')).body)}`,
      );
    }
    await page.waitForTimeout(1_000);
    await page.reload();
  }
}

describe('payouts', () => {
  it('a seller sets up payouts, sells, is paid on completion; a refunded sale leaves the balance as it was', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Priya');

    // Not set up: the empty page says what happens, and the way in.
    await seller.page.goto('/profile');
    await seller.page.getByRole('link', { name: 'Payouts', exact: true }).click();
    await seller.page.waitForURL(/\/profile\/payouts$/);
    await seller.page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    const account = seller.page.getByRole('region', { name: 'Payout account' });
    await account.getByText('Not set up').waitFor();
    await seller.page.getByText('No money movements yet').waitFor();
    await seller.page.getByRole('group', { name: 'Paid out' }).getByText('$0.00').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await fitsAPhone(seller.page);

    // "Get paid" opens the provider's onboarding: in test mode, our own stand-in page.
    await account.getByRole('button', { name: 'Get paid' }).click();
    await seller.page.waitForURL(/\/payouts\/test-onboarding\/[A-Za-z0-9]+$/);
    const form = seller.page.getByRole('form', { name: 'Payout details' });
    await seller.page.getByText(/Test mode: no real money/).waitFor();
    expect(await form.getByLabel(/^Date of birth/).inputValue()).toBe('1901-01-01');
    expect(await form.getByLabel(/^Routing number/).inputValue()).toBe('110000000');
    expect(await form.getByLabel(/^Account number/).inputValue()).toBe('000123456789');
    await form.getByRole('button', { name: 'Submit details' }).click();
    await form.getByText('Legal name is required').waitFor();
    await form.getByLabel(/^Routing number/).fill('1100');
    await form.getByText('Routing number must be 9 digits').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await fitsAPhone(seller.page);
    await form.getByLabel(/^Routing number/).fill('110000000');
    await form.getByLabel(/^Legal name/).fill('Priya Tester');
    await screenshots(seller.page, 'onboarding');
    // Stripe's failing date of birth: back on Payouts, the account is restricted and says what is due.
    await form.getByLabel(/^Date of birth/).fill('1902-01-01');
    await form.getByRole('button', { name: 'Submit details' }).click();
    await seller.page.waitForURL(/\/profile\/payouts$/);
    await seller.page.getByText('Payout details received').waitFor();
    await account.getByText('Restricted', { exact: true }).waitFor({ timeout: 30_000 });
    expect(
      await account.getByRole('list', { name: 'Stripe still needs' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    expect(await axeViolations(seller.page)).toEqual([]);
    await screenshots(seller.page, 'payouts-restricted');

    // "Continue setup": a fresh link, the good test values this time.
    await account.getByRole('button', { name: 'Continue setup' }).click();
    await seller.page.waitForURL(/\/payouts\/test-onboarding\/[A-Za-z0-9]+$/);
    await form.getByLabel(/^Legal name/).fill('Priya Tester');
    await form.getByRole('button', { name: 'Submit details' }).click();

    // Back on Payouts: the account is active, paying to the test bank account.
    await seller.page.waitForURL(/\/profile\/payouts$/);
    await account.getByText('Active', { exact: true }).waitFor({ timeout: 30_000 });
    await account.getByText('•••• 6789').waitFor();
    expect(await account.getByRole('button', { name: /Get paid|Continue setup/ }).count()).toBe(0);

    // A buyer buys; the money is held until they confirm.
    const product = await listProduct(seller.page, `Batik scarf ${unique()}`, { price: 40 });
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Tomas');
    const orderPath = await memberBuys(buyer.page, product.id);
    await buyer.page.getByRole('region', { name: 'Money' }).getByText('Held until you confirm').waitFor();
    await ship(seller.page, orderPath);
    const sellerMoney = seller.page.getByRole('region', { name: 'Money' });
    await sellerMoney.getByText('Held until the buyer confirms').waitFor();
    await sellerMoney.getByText(/^You receive \$[\d.]+ \(fee \$[\d.]+\)$/).waitFor();
    await seller.page.goto('/profile/payouts');
    await seller.page.getByRole('group', { name: 'Held' }).getByText('$40.00').waitFor();

    await buyer.page.reload();
    await buyer.page.getByRole('button', { name: 'Mark as Delivered' }).click();
    await buyer.page.getByText('Marked as delivered').waitFor();
    await buyer.page.getByRole('button', { name: 'Everything is OK' }).click();
    await buyer.page
      .getByRole('dialog', { name: 'Is everything OK?' })
      .getByRole('button', { name: 'Yes, Pay the Seller' })
      .click();
    await buyer.page.getByText('Thank you! The order is complete').waitFor();

    // The seller is paid: a line of the ledger (with the order linked) and in the balance.
    const ledger = seller.page.getByRole('list', { name: 'Money history' });
    const row = ledger
      .getByRole('listitem')
      .filter({ hasText: product.title })
      .filter({ hasText: 'Paid out to your bank' });
    await reloadUntil(seller.page, () => shows(row), 'the payout');
    const paid = (await callApi<PayoutsPage>(seller.page, 'GET', '/api/payouts')).body;
    const payout = paid.items[0]!;
    expect(payout).toMatchObject({ status: 'paid', order: { id: orderPath.split('/').pop() } });
    await row.getByText(`+${usd(payout.amount)}`, { exact: true }).waitFor();
    await seller.page.getByRole('group', { name: 'Paid out' }).getByText(usd(payout.amount)).waitFor();
    await seller.page.getByRole('group', { name: 'Held' }).getByText('$0.00').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await fitsAPhone(seller.page);
    await screenshots(seller.page, 'payouts');
    await row.getByRole('link', { name: product.title }).click();
    await seller.page.waitForURL(new RegExp(`${orderPath}$`));
    await sellerMoney.getByText(/^Paid to seller on \d{1,2} [A-Z][a-z]{2}$/).waitFor();
    await screenshots(seller.page, 'order-paid');

    // A second sale, refunded by a claim the seller accepts: nothing is paid out, the balance is as it was.
    const second = await listProduct(seller.page, `Wayang puppet ${unique()}`, { price: 25 });
    const secondPath = await memberBuys(buyer.page, second.id);
    await ship(seller.page, secondPath);
    await buyer.page.reload();
    await buyer.page.getByRole('button', { name: 'Report a Problem' }).click();
    const claim = buyer.page.getByRole('dialog', { name: 'Report a problem' });
    await claim.getByRole('combobox', { name: /What went wrong/ }).click();
    await buyer.page.getByRole('option', { name: 'Damaged' }).click();
    await claim.getByLabel(/^Describe the problem/).fill('The puppet arrived with a broken arm.');
    await claim.getByRole('button', { name: 'Open Claim' }).click();
    await buyer.page.getByText('Claim opened: the payment is frozen').waitFor();

    await seller.page.reload();
    await seller.page.getByRole('button', { name: 'Answer the Claim' }).click();
    const answer = seller.page.getByRole('dialog', { name: 'Answer the claim' });
    await answer.getByLabel('Accept: refund the buyer in full').check();
    await answer.getByRole('button', { name: 'Refund the Buyer' }).click();
    await seller.page.getByText('Claim accepted: the buyer is refunded').waitFor();
    await reloadUntil(
      seller.page,
      () => shows(sellerMoney.getByText(/^\$0\.00 — refunded to the buyer on /)),
      'the refund',
    );
    await buyer.page.reload();
    await buyer.page
      .getByRole('region', { name: 'Money' })
      .getByText(/^\$25\.00 back to your card ending 4242 on \d{1,2} [A-Z][a-z]{2}$/)
      .waitFor();

    await seller.page.goto('/profile/payouts');
    await seller.page.getByRole('group', { name: 'Held' }).getByText('$0.00').waitFor();
    await seller.page.getByRole('group', { name: 'Paid out' }).getByText(usd(payout.amount)).waitFor();
    const after = (await callApi<PayoutsPage>(seller.page, 'GET', '/api/payouts')).body;
    expect(after.balance).toEqual(paid.balance);
    expect(after.items.map((item) => item.order.id)).toEqual([payout.order.id]);

    // The ledger of the whole stack's database, audited by the command operators run (npm run ledger:audit).
    const audit = spawnSync(process.execPath, [path.join(ROOT, 'services/payments/dist/ledger-audit.js')], {
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL! },
      encoding: 'utf8',
    });
    expect({ status: audit.status, stderr: audit.stderr }).toEqual({ status: 0, stderr: '' });
    expect(audit.stdout).toMatch(/ledger audit: \d+ entries, every rule holds/);

    await Promise.all([seller.context.close(), buyer.context.close()]);
  }, 180_000);
});
