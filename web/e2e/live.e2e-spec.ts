import { eventually } from '@souvenir/testing';
import type { Browser, Page, Request } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson, unique } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Resolves once the page's live stream (GET /api/stream) has answered 200. */
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream' && r.status() === 200, { timeout: 15_000 });

/** Every request the page makes to the messages API from now on, with when it was made. */
function recordMessagesRequests(page: Page): { at: number; path: string }[] {
  const seen: { at: number; path: string }[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/messages')) seen.push({ at: Date.now(), path: `${request.method()} ${pathname}` });
  });
  return seen;
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

describe('live updates', () => {
  it('a message sent in one browser shows in the other open thread and list, without polling', async () => {
    const seller = await newPerson(browser);
    const sellerUser = await registerPerson(seller.page, 'Maya');
    const product = await listProduct(seller.page, `Batik scarf ${unique()}`);
    const buyer = await newPerson(browser);
    const buyerUser = await registerPerson(buyer.page, 'Omar');
    const first = await callApi(buyer.page, 'POST', '/api/messages', {
      toUserId: sellerUser.id,
      productId: product.id,
      content: 'Hello! Is the scarf silk?',
    });
    expect(first.status).toBe(201);

    // Both have the conversation open: the thread and, beside it, the list.
    const buyerStream = streamOpened(buyer.page);
    await buyer.page.goto(`/messages?user=${sellerUser.id}&product=${product.id}`);
    await buyerStream;
    const buyerThread = buyer.page.getByRole('log', { name: /^Messages with/ });
    await buyerThread.getByText('Hello! Is the scarf silk?').waitFor();
    const sellerStream = streamOpened(seller.page);
    await seller.page.goto(`/messages?user=${buyerUser.id}&product=${product.id}`);
    await sellerStream;
    await seller.page
      .getByRole('log', { name: /^Messages with/ })
      .getByText('Hello! Is the scarf silk?')
      .waitFor();

    // With the stream open the spec's polls (list every 3 s, thread every 5 s, badge) stop: a quiet six seconds
    // bring no request at all.
    const requests = recordMessagesRequests(buyer.page);
    await buyer.page.waitForTimeout(6000);
    expect(requests).toEqual([]);

    const composer = seller.page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Yes, pure silk, hand-dyed in Yogyakarta.');
    const sent = seller.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/messages' && r.request().method() === 'POST',
    );
    // The buyer's page may hear of the message before this test has seen the POST's answer (the push is that
    // fast): its requests are compared with the moment the send began.
    const sendingAt = Date.now();
    await composer.press('Enter');
    expect((await sent).status()).toBe(201);
    // How fast the push arrives is measured by `npm run bench`, not here: this proves it arrives with no poll.
    await buyerThread.getByText('Yes, pure silk, hand-dyed in Yogyakarta.').waitFor({ timeout: 10_000 });
    // The list beside it shows the new latest message too.
    await buyer.page
      .getByRole('region', { name: 'Conversations' })
      .getByText('Yes, pure silk, hand-dyed in Yogyakarta.')
      .waitFor({ timeout: 10_000 });
    // What the buyer's page asked for came after the push, not from a timer: the thread and the list that the event
    // made stale (and the badge), and again for the read mark that opening the thread made. Once those events are
    // applied the page is quiet again: no poll runs.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.at >= sendingAt)).toBe(true);
    await buyer.page.waitForTimeout(1500);
    const afterEvents = recordMessagesRequests(buyer.page);
    await buyer.page.waitForTimeout(6000);
    expect(afterEvents).toEqual([]);

    // The read mark reaches the seller's open thread the same way.
    await seller.page
      .getByRole('log', { name: /^Messages with/ })
      .getByRole('img', { name: 'Read', exact: true })
      .first()
      .waitFor({ timeout: 3000 });
    for (const p of [seller, buyer]) await p.context.close();
  });

  it("an order shipped shows on the buyer's open order page and in their bell, without a reload", async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Kai');
    const product = await listProduct(seller.page, `Wooden mask ${unique()}`);
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Ada');
    const orderId = await buys(buyer.page, product.id);
    const stream = streamOpened(buyer.page);
    await buyer.page.goto(`/orders/${orderId}`);
    await stream;
    await buyer.page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await buyer.page.getByRole('button', { name: 'Notifications', exact: true }).first().waitFor();

    const shipped = await callApi(seller.page, 'POST', `/api/orders/${orderId}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'LIVE 0024',
    });
    expect(shipped.status).toBe(200);
    await buyer.page.getByRole('region', { name: 'Shipping' }).getByText('LIVE 0024').waitFor({ timeout: 3000 });
    await buyer.page.getByRole('button', { name: 'Notifications, 1 unread' }).first().click();
    const note = buyer.page.getByRole('link', { name: new RegExp(`Your order of ${product.title} was shipped`) });
    await note.click();
    await buyer.page.waitForURL(new RegExp(`/orders/${orderId}$`));
    await buyer.page.getByRole('button', { name: 'Notifications', exact: true }).first().waitFor();
    for (const p of [seller, buyer]) await p.context.close();
  });

  it('when the stream is down the page polls as the spec says, and stops again once it is back', async () => {
    const person = await newPerson(browser);
    await registerPerson(person.page, 'Lina');
    let refuse = true;
    await person.context.route('**/api/stream', (route) => (refuse ? route.abort() : route.continue()));
    const requests = recordMessagesRequests(person.page);
    await person.page.goto('/messages');
    await person.page.getByText('No conversations yet').waitFor();
    await eventually(
      () => expect(requests.filter((r) => r.path === 'GET /api/messages/conversations').length).toBeGreaterThan(2),
      12_000,
      250,
    );
    refuse = false;
    // The browser retries the stream by itself (after its retry delay, longer after repeated failures).
    await streamOpened(person.page);
    await person.page.waitForTimeout(500);
    const since = Date.now();
    await person.page.waitForTimeout(4000);
    expect(requests.filter((r) => r.at >= since)).toEqual([]);
    await person.context.close();
  });
});
