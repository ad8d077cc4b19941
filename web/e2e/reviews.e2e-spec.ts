import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, unique } from './browser';

/*
 * Reviews in the browser: two completed orders between the same people. The first review stays hidden until
 * the second is written; then both show on the profile's Reviews tab with the right average, and the reply shows.
 * The orders are bought and completed through the API (the orders test covers those pages).
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
const shipping = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };

async function ok<T>(call: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await call;
  if (res.status >= 400) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The seller lists a product, the buyer pays, the seller ships and marks it delivered, the buyer confirms. */
async function completedOrder(seller: Page, buyer: Page): Promise<string> {
  const product = await listProduct(seller, `Tin mirror ${unique()}`, { price: 30 });
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

/** Full-page screenshots at 1280 and 390 px into SHOTS_DIR, when set. */
async function shots(page: Page, name: string): Promise<void> {
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

/** On the order page: stars and text in the "Leave a review" card. */
async function review(page: Page, orderId: string, stars: number, text: string) {
  await page.goto(`/orders/${orderId}`);
  const card = page.getByRole('region', { name: 'Leave a review' });
  await card.waitFor({ timeout: 15_000 });
  // MUI's star inputs are visually hidden: the person clicks the star (its label).
  await card
    .locator('label')
    .filter({ hasText: stars === 1 ? /^1 Star$/ : new RegExp(`^${stars} Stars$`) })
    .click();
  await card.getByLabel('Your review').fill(text);
  await card.getByRole('button', { name: 'Submit Review' }).click();
}

describe('reviews', () => {
  it('stay hidden until both wrote, then show on the profile with the average; the reviewed person replies', async () => {
    const seller = await newPerson(browser);
    const sellerAccount = await registerPerson(seller.page, 'Rosa');
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Tomas');
    const first = await completedOrder(seller.page, buyer.page);
    const second = await completedOrder(seller.page, buyer.page);

    // First order: the buyer writes, edits while hidden, and is told when it will be published.
    await review(buyer.page, first, 4, 'Lovely <b>mirror</b>');
    const mine = buyer.page.getByRole('region', { name: 'Your review' });
    await mine.getByText('Your review will be published when Rosa Tester has written theirs or on').waitFor();
    expect(await axeViolations(buyer.page)).toEqual([]);
    await mine.getByRole('button', { name: 'Edit Review' }).click();
    await mine.getByLabel('Your review').fill('Lovely <b>mirror</b>, well packed');
    await mine.getByRole('button', { name: 'Save Changes' }).click();
    await mine.getByText('Lovely <b>mirror</b>, well packed').waitFor();

    // Hidden: not on the seller's profile yet.
    await seller.page.goto(`/profile/${sellerAccount.id}?tab=reviews`);
    await seller.page.getByText('No reviews yet').waitFor();

    // Second order: both write; its reviews are public at once. The first is still hidden (the seller has not written).
    await review(buyer.page, second, 5, 'Perfect again');
    await review(seller.page, second, 5, 'A pleasure to deal with');
    await seller.page.getByRole('region', { name: 'Reviews' }).getByText('Perfect again').waitFor();
    await seller.page.goto(`/profile/${sellerAccount.id}?tab=reviews`);
    await seller.page.getByText('Perfect again').waitFor();
    expect(await seller.page.getByText('well packed').count()).toBe(0);

    // The seller reviews the first order: the buyer's first review is published; the average is (4 + 5) / 2.
    await review(seller.page, first, 4, 'Quick payment');
    await seller.page.goto(`/profile/${sellerAccount.id}?tab=reviews`);
    const tab = seller.page.getByRole('tabpanel');
    // Shown as text, never as HTML.
    await tab.getByText('Lovely <b>mirror</b>, well packed').waitFor();
    await tab.getByText('4.5', { exact: true }).waitFor();
    await tab.getByText('2 reviews').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);

    const firstReview = tab.getByRole('article').filter({ hasText: 'well packed' });
    await firstReview.getByRole('button', { name: 'Reply', exact: true }).click();
    await firstReview.getByLabel('Your public reply').fill('Thank you, Tomas!');
    await firstReview.getByRole('button', { name: 'Post Reply' }).click();
    await firstReview.getByText('Thank you, Tomas!', { exact: true }).waitFor();
    expect(await firstReview.getByRole('button', { name: 'Reply', exact: true }).count()).toBe(0);

    // Anyone sees the reply on the profile; the buyer cannot reply to a review about the seller.
    await buyer.page.goto(`/profile/${sellerAccount.id}?tab=reviews`);
    await buyer.page.getByText('Thank you, Tomas!').waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Reply', exact: true }).count()).toBe(0);
  }, 120_000);

  it('a reader reports a review from the Reviews tab; support hides it in /support and it leaves the profile', async () => {
    const seller = await newPerson(browser);
    const sellerAccount = await registerPerson(seller.page, 'Nadia');
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Oscar');
    const orderId = await completedOrder(seller.page, buyer.page);
    // Reviews opens the order when payments' completion event reaches it.
    for (let tries = 0; ; tries++) {
      const state = await ok(callApi<{ status: string }>(buyer.page, 'GET', `/api/orders/${orderId}/review`));
      if (state.status === 'open') break;
      if (tries > 60) throw new Error(`the order's reviews did not open: ${state.status}`);
      await buyer.page.waitForTimeout(250);
    }
    const text = `Rude and slow ${unique()}`;
    const write = (page: Page, rating: number, body: string) =>
      ok(callApi(page, 'POST', `/api/orders/${orderId}/review`, { rating, text: body }));
    await write(buyer.page, 1, text);
    await write(seller.page, 5, 'Paid at once');

    // A third person reads the seller's reviews and reports the buyer's.
    const reader = await newPerson(browser);
    await registerPerson(reader.page, 'Petra');
    await reader.page.goto(`/profile/${sellerAccount.id}?tab=reviews`);
    const item = reader.page.getByRole('article').filter({ hasText: text });
    await item.getByRole('button', { name: 'Report review by Oscar Tester' }).click();
    const dialog = reader.page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await dialog.getByText('Please tell us what is wrong with this review').waitFor();
    await dialog.getByLabel('What is wrong with this review?').fill('Insulting, and not about the order');
    await shots(reader.page, 'review-report-dialog');
    expect(await axeViolations(reader.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await reader.page.getByText('Review reported').waitFor();
    await item.getByRole('button', { name: 'Review by Oscar Tester reported' }).waitFor();
    expect(await item.getByRole('button', { name: 'Review by Oscar Tester reported' }).isDisabled()).toBe(true);
    // The author has nothing to report in their own review.
    await buyer.page.goto(`/profile/${sellerAccount.id}?tab=reviews`);
    await buyer.page.getByText(text).waitFor();
    expect(await buyer.page.getByRole('button', { name: /^Report review/ }).count()).toBe(0);

    // Support sees it with the reason, and hides it.
    const agent = await newPerson(browser);
    const { username } = await registerPerson(agent.page, 'Quinn');
    const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
      setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
    };
    await setUserRole(process.env.E2E_DATABASE_URL!, username, 'support');
    await agent.page.goto('/support/reviews');
    await agent.page.getByRole('heading', { name: 'Reported reviews' }).waitFor();
    const reported = agent.page.getByRole('listitem').filter({ hasText: text });
    await reported.getByText('Insulting, and not about the order').waitFor();
    await reported.getByText('Oscar Tester about').waitFor();
    await reported.getByRole('link', { name: 'Nadia Tester' }).waitFor();
    await reported.scrollIntoViewIfNeeded();
    expect(await axeViolations(agent.page)).toEqual([]);
    await shots(agent.page, 'support-reported-reviews');
    await reported.getByRole('button', { name: 'Hide Review' }).click();
    await agent.page.getByText('Review hidden').waitFor();
    await reported.waitFor({ state: 'detached' });

    // Gone from the profile, and from the rating.
    await reader.page.goto(`/profile/${sellerAccount.id}?tab=reviews`);
    await reader.page.getByRole('heading', { name: 'No reviews yet' }).waitFor();
    expect(await reader.page.getByText(text).count()).toBe(0);
  }, 120_000);
});
