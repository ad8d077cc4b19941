import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson, unique } from './browser';

/*
 * Real ratings on cards and the track record on the profile, in the browser: a seller reviewed after a
 * completed order shows their real average and count on their product's card, seller card and profile; a seller
 * nobody has reviewed shows "New seller". Screenshots at 1280 and 390 px go to SHOTS_DIR when it is set.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  postalCode: '10001',
};
/** Stripe's test values that pass onboarding. */
const payoutDetails = {
  legalName: 'Nadia Tester',
  dateOfBirth: '1901-01-01',
  addressLine: '1 Market Street',
  city: 'Springfield',
  postalCode: '10001',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};
const shipping = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };

async function ok<T>(call: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await call;
  if (res.status >= 400) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function completedOrder(seller: Page, buyer: Page): Promise<string> {
  const product = await listProduct(seller, `Brass bell ${unique()}`, { price: 30 });
  const intent = await ok(
    callApi<{ clientSecret: string; paymentIntentId: string }>(buyer, 'POST', '/api/create-payment-intent', {
      productId: product.id,
      amount: 30,
      guestInfo: shipping,
    }),
  );
  await ok(callApi(buyer, 'POST', '/api/payments/test-confirm', { clientSecret: intent.clientSecret, card }));
  const paid = await ok(
    callApi<{ orderId: string }>(buyer, 'POST', '/api/payments/reconcile', { paymentIntentId: intent.paymentIntentId }),
  );
  await ok(callApi(seller, 'POST', `/api/orders/${paid.orderId}/ship`, { carrier: 'DHL' }));
  await ok(callApi(seller, 'POST', `/api/orders/${paid.orderId}/delivered`));
  await ok(callApi(buyer, 'POST', `/api/orders/${paid.orderId}/confirm`));
  return paid.orderId;
}

/** Reloads until what `find` locates shows: ratings and badges reach the read models through events, a moment later. */
async function untilShown(page: Page, path: string, find: string | ((page: Page) => Locator)): Promise<void> {
  const locate = typeof find === 'string' ? (p: Page) => p.getByText(find, { exact: true }) : find;
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto(path);
    try {
      await locate(page).first().waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("sellers' ratings and track record", () => {
  it('show the real rating on the cards and the profile, and "New seller" for a seller nobody has reviewed', async () => {
    const seller = await newPerson(browser);
    const sellerAccount = await registerPerson(seller.page, 'Nadia');
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Pablo');
    // An active payout account (test-mode onboarding): with the completed sale below, the seller earns Verified.
    const onboarding = await ok(callApi<{ url: string }>(seller.page, 'POST', '/api/payouts/account'));
    const token = /test-onboarding\/([A-Za-z0-9]+)$/.exec(onboarding.url)![1];
    await ok(callApi(seller.page, 'POST', `/api/payouts/test-onboarding/${token}`, payoutDetails));
    const orderId = await completedOrder(seller.page, buyer.page);
    // reviews opens the order's reviews when its order changed event arrives.
    for (let tries = 0; ; tries++) {
      const state = await ok(callApi<{ status: string }>(buyer.page, 'GET', `/api/orders/${orderId}/review`));
      if (state.status === 'open' || tries > 100) break;
      await buyer.page.waitForTimeout(200);
    }
    await ok(callApi(buyer.page, 'POST', `/api/orders/${orderId}/review`, { rating: 4, text: 'Lovely bell' }));
    await ok(callApi(seller.page, 'POST', `/api/orders/${orderId}/review`, { rating: 5, text: 'Paid at once' }));
    const rated = await listProduct(seller.page, `Painted bowl ${unique()}`);

    const newcomer = await newPerson(browser);
    await registerPerson(newcomer.page, 'Omar');
    const fresh = await listProduct(newcomer.page, `Woven basket ${unique()}`);

    const page = buyer.page;
    // The product page: the rating line and the seller card.
    await untilShown(page, `/product/${rated.id}`, '4.0 (1 review)');
    await page.getByText('4.0 (1)', { exact: true }).waitFor();
    // Verified, earned: the mark on the seller card says what it means.
    await page
      .getByRole('region', { name: 'Seller' })
      .getByRole('img', { name: /^Verified seller: / })
      .waitFor();
    await shoot(page, 'product-rated');

    await page.goto(`/product/${fresh.id}`);
    await page.getByText('New seller', { exact: true }).first().waitFor();
    expect(await page.getByText('New seller', { exact: true }).count()).toBe(2);
    expect(await page.getByRole('img', { name: /^Verified seller: / }).count()).toBe(0);
    await shoot(page, 'product-new-seller');

    // The cards of the seller's products on their profile, the header's rating and the track record.
    await untilShown(page, `/profile/${sellerAccount.id}`, '4.0 (1 review)');
    const trackRecord = page.getByRole('region', { name: 'Track record' });
    await trackRecord.getByText('sale completed').waitFor();
    await page.getByText(/^Verified seller: the payment provider has checked their identity/).waitFor();
    expect(await trackRecord.textContent()).toContain('1 sale completed');
    await page
      .getByRole('link', { name: new RegExp(rated.title) })
      .first()
      .waitFor();
    expect(await page.getByText('4.0 (1)', { exact: true }).count()).toBeGreaterThan(0);
    await shoot(page, 'profile-rated');
  }, 120_000);
});
