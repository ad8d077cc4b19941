import { eventually } from '@souvenir/testing';
import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, unique } from './browser';

/**
 * What a buyer and a seller read about their orders says which item it is about and gets them there: the bell names
 * the item, a tracking number links to its carrier's page (an unknown carrier's stays text), and a seller with a
 * sale waiting lands on Sales in My Orders. At a phone's width and a desktop's.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [390, 1280] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The signed-in buyer of this page pays for the product with the test-mode card; answers the order id. */
async function buys(page: Page, productId: string): Promise<string> {
  const guestInfo = {
    billingStreet: '1 Main St',
    billingCity: 'Springfield',
    billingZip: '10001',
    sameAsDelivery: true,
  };
  const intent = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    page,
    'POST',
    '/api/create-payment-intent',
    { productId, amount: '24.50', guestInfo },
  );
  expect(intent.status).toBe(200);
  const card = {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    postalCode: '10001',
  };
  const confirmed = await callApi(page, 'POST', '/api/payments/test-confirm', {
    clientSecret: intent.body.clientSecret,
    card,
  });
  expect(confirmed.status).toBe(200);
  const paid = await callApi<{ orderId: string }>(page, 'POST', '/api/payments/reconcile', {
    paymentIntentId: intent.body.paymentIntentId,
  });
  expect(paid.status).toBe(200);
  return paid.body.orderId;
}

/** Waits until the person's bell holds a notification with this text (the consumer writes it a moment later). */
async function bellHas(page: Page, text: string) {
  await eventually(
    async () => {
      const res = await callApi<{ items: { text: string }[] }>(page, 'GET', '/api/notifications');
      expect(res.body.items.map((item) => item.text)).toContain(text);
    },
    20_000,
    250,
  );
}

/** Opens the header's bell and expects the notification, by what it says. */
async function openBellAndFind(page: Page, text: string) {
  await page
    .getByRole('button', { name: /^Notifications, \d+ unread$/ })
    .first()
    .click();
  await page.getByRole('link', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
}

describe.each(WIDTHS)('orders that say what they are about, at %i px', (width) => {
  it('the bell names the item, the tracking number links to a known carrier, Sales comes first while a sale waits', async () => {
    const seller = await newPerson(browser);
    await seller.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await registerPerson(seller.page, 'Malee');
    const umbrella = await listProduct(seller.page, `Bo Sang Paper Umbrella ${unique()}`);
    const basket = await listProduct(seller.page, `Woven rice basket ${unique()}`);

    const buyer = await newPerson(browser);
    await buyer.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await registerPerson(buyer.page, 'Arthit');
    const umbrellaOrder = await buys(buyer.page, umbrella.id);
    const basketOrder = await buys(buyer.page, basket.id);

    // The seller lands on My Orders with two sales to ship: Sales is the tab shown, with both.
    await bellHas(seller.page, `You sold ${umbrella.title}: please ship it`);
    await seller.page.goto('/orders');
    const salesTab = seller.page.getByRole('tab', { name: /^Sales/ });
    await seller.page.getByRole('list', { name: 'Sales' }).getByText(umbrella.title).waitFor();
    expect(await salesTab.getAttribute('aria-selected')).toBe('true');
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, `orders-sales-first-${width}`);
    // A tab picked by hand stays picked.
    await seller.page.getByRole('tab', { name: 'Purchases' }).click();
    await seller.page.getByText('No purchases yet').waitFor();
    await seller.page.reload();
    await seller.page.getByText('No purchases yet').waitFor();
    await openBellAndFind(seller.page, `You sold ${umbrella.title}: please ship it`);
    await shot(seller.page, `bell-seller-${width}`);

    // Shipped with a known carrier and with one nobody knows.
    const tracking = `JD 0146 ${unique()}`;
    const shipped = await callApi(seller.page, 'POST', `/api/orders/${umbrellaOrder}/ship`, {
      carrier: 'DHL',
      trackingNumber: tracking,
    });
    expect(shipped.status).toBe(200);
    const other = await callApi(seller.page, 'POST', `/api/orders/${basketOrder}/ship`, {
      carrier: 'Village courier',
      trackingNumber: 'VC-77',
    });
    expect(other.status).toBe(200);

    // The buyer's bell names the item; the order page links the tracking number to DHL in a new tab.
    await bellHas(buyer.page, `Your order of ${umbrella.title} was shipped`);
    await buyer.page.goto(`/orders/${umbrellaOrder}`);
    const shipping = buyer.page.getByRole('region', { name: 'Shipping' });
    const link = shipping.getByRole('link', { name: new RegExp(tracking) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${encodeURIComponent(tracking.replace(/\s+/g, ''))}`,
    );
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await axeViolations(buyer.page)).toEqual([]);
    await shot(buyer.page, `order-tracking-link-${width}`);
    await openBellAndFind(buyer.page, `Your order of ${umbrella.title} was shipped`);
    await shot(buyer.page, `bell-buyer-${width}`);

    // An unknown carrier: the number as text, no link.
    await buyer.page.goto(`/orders/${basketOrder}`);
    const basketShipping = buyer.page.getByRole('region', { name: 'Shipping' });
    await basketShipping.getByText('VC-77').waitFor();
    expect(await basketShipping.getByRole('link').count()).toBe(0);

    // The seller sees the same link; with nothing left to ship they land on Purchases again, as a buyer always does.
    await seller.page.goto(`/orders/${umbrellaOrder}`);
    await seller.page
      .getByRole('region', { name: 'Shipping' })
      .getByRole('link', { name: new RegExp(tracking) })
      .waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await seller.page.goto('/orders');
    await seller.page.getByText('No purchases yet').waitFor();
    expect(await seller.page.getByRole('tab', { name: 'Purchases' }).getAttribute('aria-selected')).toBe('true');
    await buyer.page.goto('/orders');
    await buyer.page.getByRole('list', { name: 'Purchases' }).getByText(umbrella.title).waitFor();
    expect(await buyer.page.getByRole('tab', { name: 'Purchases' }).getAttribute('aria-selected')).toBe('true');

    for (const p of [seller, buyer]) await p.context.close();
  });
});
