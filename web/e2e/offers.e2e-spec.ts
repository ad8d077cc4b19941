import type { Page } from 'playwright-core';
import { browserWorld, callApi, listProduct } from './actors';
import { axeViolations } from './axe';
import { shot, unique } from './browser';

/*
 * Two people haggle in two browsers, at phone and desktop size, on the Offers page and in their conversation: the buyer makes an offer from the item's
 * page (the dialog refuses less than half the price before sending), the seller counters on the Offers page, the buyer
 * accepts and pays the agreed amount at the checkout, which shows it instead of the list price; the seller then sees the
 * offer paid. Axe on every state; screenshots go to SHOTS_DIR when it is set.
 */
const world = browserWorld();

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** The card of the offer on `title` in the Offers page's open tab. */
const offerCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

describe.each(SIZES)('offers at %s size', (size, width, height) => {
  it('offer, counter, accept and pay the agreed amount, in two browsers', async () => {
    const seller = await world.member('Marisol', { width, height });
    const title = `Talavera plate ${unique()}`;
    const item = await listProduct(seller.page, title, { price: 40 });
    const buyer = await world.member('Tomasz', { width, height });

    // The buyer offers from the item's page.
    await buyer.page.goto(`/product/${item.id}`);
    await buyer.page.getByRole('button', { name: 'Make an offer' }).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Make an offer' });
    await dialog.getByLabel(/^Your amount/).fill('15');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await dialog.getByText('At least half the price ($20.00)').waitFor();
    await expectNoAxeViolations(buyer.page);
    await shot(buyer.page, `offers-make-${size}`);
    await dialog.getByLabel(/^Your amount/).fill('25');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await buyer.page.getByText(/The seller has 48 hours to answer your offer of \$25\.00/).waitFor();

    // The seller counters on the Offers page, reached from their menu's link.
    await seller.page.goto('/offers?tab=seller');
    const received = offerCard(seller.page, title);
    await received.getByText('Waiting for the seller').waitFor();
    await received.getByText(/Offer from Tomasz/).waitFor();
    await expectNoAxeViolations(seller.page);
    await shot(seller.page, `offers-received-${size}`);
    await received.getByRole('button', { name: `Counter the offer on ${title}` }).click();
    const counter = seller.page.getByRole('dialog', { name: 'Counter-offer' });
    await counter.getByLabel(/^Your amount/).fill('32');
    await expectNoAxeViolations(seller.page);
    await shot(seller.page, `offers-counter-${size}`);
    await counter.getByRole('button', { name: 'Send counter-offer' }).click();
    await counter.waitFor({ state: 'hidden' });
    await received.getByText('Countered').waitFor();
    expect(await received.getByRole('button', { name: `Accept the offer on ${title}` }).count()).toBe(0);

    // The buyer accepts the counter and pays it.
    await buyer.page.goto('/offers');
    const made = offerCard(buyer.page, title);
    await made.getByText('Countered').waitFor();
    await made.getByText(/offered \$25\.00/).waitFor();
    await made.getByRole('button', { name: `Accept the offer on ${title}` }).click();
    const pay = made.getByRole('link', { name: 'Pay $32.00' });
    await pay.waitFor();
    await made.getByText(/Pay within 2\d hours/).waitFor();
    await expectNoAxeViolations(buyer.page);
    await shot(buyer.page, `offers-accepted-${size}`);
    await pay.click();

    const summary = buyer.page.getByRole('region', { name: 'Order Summary' });
    await summary.getByText('Your accepted offer').waitFor();
    expect(await summary.getByText('$40.00').count()).toBe(1);
    expect(await summary.getByText('$32.00').count()).toBe(2);
    const shipping = buyer.page.getByRole('form', { name: 'Shipping information' });
    await shipping.getByLabel(/^Street Address/).fill('1 Main St');
    await shipping.getByLabel(/^City/).fill('Springfield');
    await shipping.getByLabel(/^State/).fill('IL');
    await shipping.getByLabel(/^ZIP Code/).fill('62701');
    await expectNoAxeViolations(buyer.page);
    await shot(buyer.page, `offers-checkout-${size}`);
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
    const form = buyer.page.getByRole('form', { name: 'Card payment' });
    await form.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
    await form.getByLabel(/^Expiry/).fill('12 / 34');
    await form.getByLabel(/^CVC/).fill('123');
    await form.getByLabel(/^(ZIP|Postal|Postcode)/).fill('62701');
    await form.getByRole('button', { name: 'Pay $32.00' }).click();
    await buyer.page.getByText('Payment Successful!').waitFor({ timeout: 60_000 });

    // The seller sees it paid.
    await seller.page.goto('/offers?tab=seller');
    await offerCard(seller.page, title).getByText('Paid').waitFor();
    await expectNoAxeViolations(seller.page);
    await shot(seller.page, `offers-paid-${size}`);
  });
});

describe.each(SIZES)('an offer in the conversation at %s size', (size, width, height) => {
  it('shows each step in both open threads at once, with each side’s actions there', async () => {
    const seller = await world.member('Aurelia', { width, height });
    const title = `Lacquer box ${unique()}`;
    const item = await listProduct(seller.page, title, { price: 40 });
    const buyer = await world.member('Kenji', { width, height });
    const made = await callApi<{ id: string }>(buyer.page, 'POST', '/api/offers', { productId: item.id, amount: '24' });
    expect(made.status).toBe(201);

    // Both open the conversation the offer started: the note, and the offer with what each may do.
    await seller.page.goto(`/messages?user=${buyer.id}&product=${item.id}`);
    const sellerThread = seller.page.getByRole('log', { name: /^Messages with/ });
    await sellerThread.getByText('Made an offer of $24.00.').waitFor();
    const sellerOffers = seller.page.getByRole('region', { name: 'Offers' });
    await sellerOffers.getByText('Offer from Kenji: $24.00').waitFor();
    await buyer.page.goto(`/messages?user=${seller.id}&product=${item.id}`);
    const buyerThread = buyer.page.getByRole('log', { name: /^Messages with/ });
    const buyerOffers = buyer.page.getByRole('region', { name: 'Offers' });
    await buyerOffers.getByText('Your offer: $24.00').waitFor();
    await buyerOffers.getByRole('button', { name: `Withdraw the offer on ${title}` }).waitFor();
    expect(await buyerOffers.getByRole('button', { name: `Accept the offer on ${title}` }).count()).toBe(0);
    await expectNoAxeViolations(seller.page);
    await expectNoAxeViolations(buyer.page);
    await shot(seller.page, `offers-thread-received-${size}`);

    // The seller counters right there; the buyer's open thread shows it without a reload.
    await sellerOffers.getByRole('button', { name: `Counter the offer on ${title}` }).click();
    const counter = seller.page.getByRole('dialog', { name: 'Counter-offer' });
    await counter.getByLabel(/^Your amount/).fill('33');
    await counter.getByRole('button', { name: 'Send counter-offer' }).click();
    await counter.waitFor({ state: 'hidden' });
    await sellerThread.getByText('Countered with $33.00.').waitFor();
    await buyerThread.getByText('Countered with $33.00.').waitFor({ timeout: 15_000 });
    await buyerOffers.getByText('Counter-offer from the seller: $33.00').waitFor();
    await expectNoAxeViolations(buyer.page);
    await shot(buyer.page, `offers-thread-countered-${size}`);

    // The buyer accepts in the thread: Pay appears for them, and the seller's thread shows the acceptance.
    await buyerOffers.getByRole('button', { name: `Accept the offer on ${title}` }).click();
    const pay = buyerOffers.getByRole('link', { name: 'Pay $33.00' });
    await pay.waitFor();
    await buyerThread.getByText(/^Accepted the offer of \$33\.00\./).waitFor();
    await sellerThread.getByText(/^Accepted the offer of \$33\.00\./).waitFor({ timeout: 15_000 });
    await sellerOffers.getByText(/The buyer has 2\d hours to pay/).waitFor();
    expect(await sellerOffers.getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(buyer.page);
    await expectNoAxeViolations(seller.page);
    await shot(buyer.page, `offers-thread-accepted-${size}`);
    expect(await pay.getAttribute('href')).toBe(`/checkout?product=${item.id}&offer=${made.body.id}&amount=33.00`);
  });
});

it('shows each tab empty with its way forward, and the Offers link in the account menu', async () => {
  const someone = await world.member('Ines');
  await someone.page.goto('/offers');
  await someone.page.getByText('No offers made yet').waitFor();
  await someone.page.getByRole('tab', { name: 'Received' }).click();
  await someone.page.getByText('No offers received yet').waitFor();
  await expectNoAxeViolations(someone.page);
  await shot(someone.page, 'offers-empty');
  await someone.page.goto('/');
  await someone.page.getByRole('button', { name: 'Account: Ines' }).click();
  await someone.page.getByRole('menuitem', { name: 'Offers' }).click();
  await someone.page.waitForURL(/\/offers$/);
});
