import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, unique } from './browser';
import { withoutLiveStream } from './without-live-stream';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillCard(page: Page) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await form.getByLabel(/^Expiry/).fill('12 / 34');
  await form.getByLabel(/^CVC/).fill('123');
  await form.getByLabel(/^ZIP/).fill('10001');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

/** A guest buys the product through the checkout page and lands on the success page. */
async function guestBuys(page: Page, productId: string) {
  await page.goto(`/checkout?product=${productId}`);
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  const shipping = page.getByRole('form', { name: 'Shipping information' });
  await shipping.getByLabel(/^Email/).fill('gina@example.com');
  await shipping.getByLabel(/^First Name/).fill('Gina');
  await shipping.getByLabel(/^Last Name/).fill('Guest');
  await shipping
    .getByLabel(/^Street Address/)
    .first()
    .fill('1 Main Street');
  await shipping.getByLabel(/^City/).first().fill('New York');
  await shipping
    .getByLabel(/^ZIP Code/)
    .first()
    .fill('10001');
  await shipping.getByLabel('Same as billing').check();
  await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
  await page.getByText('Payment Successful!').waitFor();
}

/** A signed-in buyer buys the product (their address is entered at checkout). */
async function memberBuys(page: Page, productId: string) {
  await page.goto(`/checkout?product=${productId}`);
  const shipping = page.getByRole('form', { name: 'Shipping information' });
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
  await fillCard(page);
  await page.getByText('Payment Successful!').waitFor();
}

async function ship(page: Page, carrier: string, trackingNumber: string) {
  await page.getByRole('button', { name: 'Mark as Shipped' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as shipped' });
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await dialog.getByText('Carrier is required').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel(/^Carrier/).fill(carrier);
  await dialog.getByLabel(/^Tracking number/).fill(trackingNumber);
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await page.getByText('Order marked as shipped').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('orders', () => {
  it('a guest buys, the seller sees the sale with the address and ships, the guest follows the private link and confirms', async () => {
    const seller = await newPerson(browser);
    // The seller's page must not hear of the guest's change below (it would drop its stale button): no live stream.
    await withoutLiveStream(seller.context);
    await registerPerson(seller.page, 'Aiko');
    const product = await listProduct(seller.page, `Kokeshi doll ${unique()}`, { price: 42 });

    const guest = await newPerson(browser);
    await guestBuys(guest.page, product.id);
    // The private link: shown in full (to keep), and it opens the order.
    await guest.page.getByText('Keep this link to follow your order').waitFor();
    const privateLink = await guest.page.getByLabel('Your private order link').inputValue();
    expect(privateLink).toMatch(/\/orders\/[A-Za-z0-9_-]{20,}$/);
    await guest.page.getByRole('link', { name: 'Message Seller' }).waitFor();

    // The seller: the sale waits in the Sales tab (badge, marker, deadline), with the buyer's address on the order.
    await seller.page.goto('/');
    await seller.page.getByRole('link', { name: 'My Orders' }).click();
    await seller.page.waitForURL(/\/orders$/);
    // A sale waits: Sales is the tab shown.
    const salesTab = seller.page.getByRole('tab', { name: 'Sales (1 waiting for you)' });
    await seller.page.getByRole('list', { name: 'Sales' }).waitFor();
    expect(await salesTab.getAttribute('aria-selected')).toBe('true');
    const sale = seller.page.getByRole('link', { name: new RegExp(product.title) });
    await sale.getByText('Needs your action').waitFor();
    await sale.getByText(/^Ship by/).waitFor();
    await sale.getByText('Sold to Gina Guest').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await sale.click();
    await seller.page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    const shipTo = seller.page.getByRole('region', { name: 'Ship to' });
    await shipTo.getByText('1 Main Street').waitFor();
    await shipTo.getByText(/New York/).waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    // Only the seller's buttons: no "Everything is OK", no claim.
    expect(await seller.page.getByRole('button', { name: 'Everything is OK' }).count()).toBe(0);
    await ship(seller.page, 'DHL', 'JD 0146 0000 1234');
    await seller.page.getByRole('region', { name: 'Shipping' }).getByText('JD 0146 0000 1234').waitFor();
    const orderUrl = seller.page.url();

    // The guest: the private link shows the order (not the address) and the buyer's buttons.
    await guest.page.goto(privateLink);
    await guest.page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await guest.page.getByRole('region', { name: 'Shipping' }).getByText('DHL').waitFor();
    expect(await guest.page.getByRole('region', { name: 'Ship to' }).count()).toBe(0);
    await guest.page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(guest.page)).toEqual([]);
    // Nothing wider than a phone's screen.
    expect(
      await guest.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    expect(await guest.page.getByRole('button', { name: 'Mark as Shipped' }).count()).toBe(0);
    await guest.page.getByRole('button', { name: 'Mark as Delivered' }).click();
    await guest.page.getByText('Marked as delivered').waitFor();

    // The seller's page still offers "Mark as Delivered": the server refuses it now, and the toast says why.
    await seller.page.getByRole('button', { name: 'Mark as Delivered' }).click();
    await seller.page.getByText('Could not mark as delivered').waitFor();

    await guest.page.getByRole('button', { name: 'Everything is OK' }).click();
    await guest.page
      .getByRole('dialog', { name: 'Is everything OK?' })
      .getByRole('button', { name: 'Yes, Pay the Seller' })
      .click();
    await guest.page.getByText('Thank you! The order is complete').waitFor();
    await guest.page.getByText('Completed', { exact: true }).first().waitFor();
    expect(await guest.page.getByRole('group', { name: 'What you can do now' }).count()).toBe(0);

    // A stranger (signed in) cannot open it by its id.
    const stranger = await newPerson(browser);
    await registerPerson(stranger.page, 'Sam');
    await stranger.page.goto(new URL(orderUrl).pathname);
    await stranger.page.getByText('Order not found').waitFor();

    // The seller's tab, without reloading: the list and the order (cached as shipped) are loaded anew when opened.
    await seller.page.getByRole('link', { name: 'My Orders' }).last().click();
    await seller.page.waitForURL(/\/orders\?tab=sales$/);
    const completed = seller.page.getByRole('link', { name: new RegExp(product.title) });
    await completed.getByText('Completed').waitFor();
    expect(await completed.getByText('Needs your action').count()).toBe(0);
    await completed.click();
    await seller.page.getByText('Completed. Thank you for trading on Souvenir Swap.').waitFor();

    await Promise.all([guest.context.close(), seller.context.close(), stranger.context.close()]);
  });

  it('a member opens a claim with photos, the seller gives their side, support refunds from /support', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Kemal');
    const product = await listProduct(seller.page, `Iznik bowl ${unique()}`, { price: 60 });
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Nadia');
    await memberBuys(buyer.page, product.id);
    await buyer.page.getByRole('link', { name: 'View your order' }).click();
    await buyer.page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderPath = new URL(buyer.page.url()).pathname;

    await seller.page.goto(orderPath);
    await ship(seller.page, 'UPS', '1Z999');

    await buyer.page.reload();
    await buyer.page.getByRole('button', { name: 'Report a Problem' }).click();
    const claim = buyer.page.getByRole('dialog', { name: 'Report a problem' });
    await claim.getByRole('combobox', { name: /What went wrong/ }).click();
    await buyer.page.getByRole('option', { name: 'Damaged' }).click();
    await claim.getByLabel(/^Describe the problem/).fill('The bowl arrived in three pieces.');
    await claim.getByLabel('Photo link 1 (optional)').fill('not a link');
    await claim.getByRole('button', { name: 'Open Claim' }).click();
    await claim.getByText('Photos must be http(s) links').waitFor();
    const photo = `${new URL(buyer.page.url()).origin}/placeholder.svg`;
    await claim.getByLabel('Photo link 1 (optional)').fill(photo);
    // A photo from disk too, through /sell's uploader: uploaded photos come first.
    await claim.getByText('Location and camera data are removed from your photos.', { exact: false }).waitFor();
    const shard = path.join(mkdtempSync(path.join(tmpdir(), 'claim-e2e-')), 'shard.jpg');
    writeFileSync(
      shard,
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a6' } })
        .jpeg()
        .toBuffer(),
    );
    await claim.getByTestId('photo-files').setInputFiles(shard);
    await claim.getByRole('list', { name: 'Claim photos' }).getByRole('listitem').waitFor();
    await claim.getByRole('button', { name: 'Open Claim' }).click();
    await buyer.page.getByText('Claim opened: the payment is frozen').waitFor();
    await buyer.page.getByRole('region', { name: 'Claim' }).getByText('The bowl arrived in three pieces.').waitFor();
    const opened = await callApi<{ claim: { photos: string[] } }>(buyer.page, 'GET', `/api${orderPath}`);
    // Claim photos are evidence: the parties get them through short-lived signed links.
    expect(opened.body.claim.photos).toEqual([
      expect.stringMatching(/\/media\/[0-9a-f]{32}-1200\.webp\?expires=\d+&signature=[\w-]+$/),
      photo,
    ]);
    const uploadedPhoto = await buyer.page.request.get(opened.body.claim.photos[0]!);
    expect([uploadedPhoto.status(), uploadedPhoto.headers()['content-type']]).toEqual([200, 'image/webp']);

    await seller.page.reload();
    await seller.page.getByRole('button', { name: 'Answer the Claim' }).click();
    const answer = seller.page.getByRole('dialog', { name: 'Answer the claim' });
    await answer.getByRole('button', { name: 'Send My Answer' }).click();
    await answer.getByText('Please give your side for support').waitFor();
    await answer.getByLabel(/^Your statement/).fill('It was wrapped in bubble wrap; the carrier broke it.');
    await answer.getByRole('button', { name: 'Send My Answer' }).click();
    await seller.page.getByText('Answer sent: support will decide').waitFor();

    // A member is not support: the page says so, and the API refuses.
    await buyer.page.goto('/support');
    await buyer.page.getByText('Support team only').waitFor();

    const agent = await newPerson(browser);
    const account = await registerPerson(agent.page, 'Ruth');
    const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
      setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
    };
    await setUserRole(process.env.E2E_DATABASE_URL!, account.username, 'support');
    await agent.page.goto('/support');
    await agent.page.getByRole('heading', { level: 1, name: 'Open claims' }).waitFor();
    const item = agent.page.getByRole('listitem').filter({ hasText: product.title });
    await item.getByText('The bowl arrived in three pieces.').waitFor();
    await item.getByText('It was wrapped in bubble wrap; the carrier broke it.').waitFor();
    await item.getByRole('link', { name: /Photo 1/ }).waitFor();
    await item.getByRole('link', { name: /Photo 2/ }).waitFor();
    expect(await axeViolations(agent.page)).toEqual([]);
    await item.getByRole('button', { name: 'Decide' }).click();
    const decide = agent.page.getByRole('dialog', { name: 'Decide the claim' });
    await decide.getByLabel('Refund the buyer').check();
    await decide.getByLabel(/^Reason/).fill('The photos show breakage in transit; the buyer is refunded.');
    await decide.getByRole('button', { name: 'Decide' }).click();
    await agent.page.getByText('Decided: the buyer is refunded').waitFor();
    // The decided claim leaves the queue (other suites' claims, such as the accessibility audit's, may still be open).
    await item.waitFor({ state: 'detached' });

    await buyer.page.goto(orderPath);
    await buyer.page.getByText('Refunded', { exact: true }).first().waitFor();
    await buyer.page
      .getByText(/The photos show breakage in transit/)
      .first()
      .waitFor();
    const refunds = await callApi<{ status: string }>(buyer.page, 'GET', `/api${orderPath}`);
    expect(refunds.body.status).toBe('refunded');

    await Promise.all([buyer.context.close(), seller.context.close(), agent.context.close()]);
  });

  it('an order the seller does not ship in time is cancelled by itself, refunded, and the item is back on sale', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Olu');
    const product = await listProduct(seller.page, `Adire cloth ${unique()}`, { price: 30 });
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Lena');
    await memberBuys(buyer.page, product.id);
    await buyer.page.getByRole('link', { name: 'View your order' }).click();
    await buyer.page.getByRole('region', { name: 'Deadlines' }).getByText('Ship by').waitFor();
    // The buyer may only ask: the seller decides (72 h), and the request shows on the order.
    await buyer.page.getByRole('button', { name: 'Ask to Cancel' }).click();
    const ask = buyer.page.getByRole('dialog', { name: 'Ask the seller to cancel' });
    await ask.getByLabel(/^Reason/).fill('I ordered the wrong colour.');
    await ask.getByRole('button', { name: 'Ask to Cancel' }).click();
    await buyer.page.getByText('Cancel request sent to the seller').waitFor();
    await buyer.page.getByText(/You asked the seller to cancel/).waitFor();
    await seller.page.goto('/orders?tab=sales');
    await seller.page.getByRole('link', { name: new RegExp(product.title) }).click();
    await seller.page.getByText(/The buyer asks you to cancel/).waitFor();
    await seller.page
      .getByText(/I ordered the wrong colour\./)
      .first()
      .waitFor();

    // SHIP_WITHIN_DAYS is about 26 s in this stack: the deadline job cancels it (the page is reloaded to look).
    const deadline = Date.now() + 70_000;
    for (;;) {
      await buyer.page.reload();
      await buyer.page.getByRole('heading', { level: 1, name: product.title }).waitFor();
      if (await buyer.page.getByText('Cancelled', { exact: true }).count()) break;
      if (Date.now() > deadline) throw new Error('the order was not cancelled by its ship deadline');
      await buyer.page.waitForTimeout(3_000);
    }
    await buyer.page.getByText('Cancelled. The buyer was refunded in full.').waitFor();
    expect(await buyer.page.getByRole('group', { name: 'What you can do now' }).count()).toBe(0);
    const item = await callApi<{ status: string }>(buyer.page, 'GET', `/api/products/${product.id}`);
    expect(item.body.status).toBe('active');

    // How It Works promises the deadlines payments runs with: this stack's short ship deadline, the other defaults.
    const settings = await callApi<{ shipWithinDays: number }>(buyer.page, 'GET', '/api/buyer-protection');
    expect(settings.body.shipWithinDays).toBe(0.0003);
    await buyer.page.goto('/how-it-works');
    const protection = buyer.page.getByRole('region', { name: 'Your money is safe until the item is' });
    for (const rule of [
      'Shipped within 26 seconds, or refunded',
      '14 days to arrive',
      '3 days to check it',
      '72 hours for the seller, then support decides',
    ]) {
      await protection.getByText(rule).waitFor();
    }

    await Promise.all([buyer.context.close(), seller.context.close()]);
  }, 120_000);
});
