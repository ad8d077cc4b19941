import type { Browser } from 'playwright-core';
import { callApi, guestPays, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, unique } from './browser';
import { mailedPath } from './mail';

/**
 * Guest ↔ seller in Chromium at desktop and phone size: the seller writes from "Message Buyer" on a guest's order,
 * the guest follows the link MailDev caught (REST API) to their private order page and answers there; the seller's
 * page shows the answer live.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.each(SIZES)('guest and seller messages at $name size', ({ name, width, height }) => {
  it('the seller writes on the guest order, the guest answers from the mailed link, the seller sees it live', async () => {
    const viewport = { width, height };
    const sellerContext = await browser.newContext({ baseURL: baseUrl(), viewport });
    const guestContext = await browser.newContext({ baseURL: baseUrl(), viewport });
    const seller = await sellerContext.newPage();
    const guest = await guestContext.newPage();
    await registerPerson(seller, 'Selma');
    const title = `Woven basket ${unique()}`;
    const product = await listProduct(seller, title);
    const email = await guestPays(guest, product.id);
    const sales = await callApi<{ items: { id: string; product: { title: string } }[] }>(
      seller,
      'GET',
      '/api/orders?role=sales',
    );
    if (sales.status !== 200) throw new Error(`sales: ${sales.status} ${JSON.stringify(sales.body)}`);
    const orderId = sales.body.items.find((order) => order.product.title === title)!.id;

    await seller.goto(`/orders/${orderId}`);
    await seller.getByRole('heading', { name: title }).waitFor();
    await seller.getByRole('link', { name: 'Message Buyer' }).click();
    const sellerInput = seller.getByLabel('Message to the buyer');
    await sellerInput.fill('Hello Gia! Your basket ships tomorrow.');
    await seller.getByRole('button', { name: 'Send', exact: true }).click();
    const sellerThread = seller.getByRole('list', { name: 'Messages about this order' });
    await sellerThread.getByText('Hello Gia! Your basket ships tomorrow.').waitFor();
    expect(await sellerInput.inputValue()).toBe('');
    expect(await axeViolations(seller)).toEqual([]);
    await seller.screenshot({ path: `/tmp/guest-messages-${name}-seller.png`, fullPage: true });

    await guest.goto(await mailedPath(email, `New message about your order: ${title}`, '/orders/'));
    const guestThread = guest.getByRole('list', { name: 'Messages about this order' });
    await guestThread.getByText('Hello Gia! Your basket ships tomorrow.').waitFor();
    await guest.getByRole('link', { name: 'Message Seller' }).click();
    const guestInput = guest.getByLabel('Message to the seller');
    // A message of nothing but spaces cannot be sent.
    await guestInput.fill('   ');
    expect(await guest.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await guestInput.fill('Wonderful, thank you!\nCould you wrap it?');
    await guest.getByRole('button', { name: 'Send', exact: true }).click();
    await guestThread.getByText(/Wonderful, thank you!/).waitFor();
    expect(await axeViolations(guest)).toEqual([]);
    await guest.screenshot({ path: `/tmp/guest-messages-${name}-guest.png`, fullPage: true });

    // The seller's open page is told at once (their live stream): newest last.
    await sellerThread.getByText(/Could you wrap it\?/).waitFor();
    const texts = await sellerThread.getByRole('listitem').allInnerTexts();
    expect(texts.at(-1)).toContain('Could you wrap it?');
    await seller.screenshot({ path: `/tmp/guest-messages-${name}-seller-live.png`, fullPage: true });

    // Nobody else: a signed-in stranger at the seller's order link sees "Order not found".
    const strangerContext = await browser.newContext({ baseURL: baseUrl(), viewport });
    const stranger = await strangerContext.newPage();
    await registerPerson(stranger, 'Stan');
    await stranger.goto(`/orders/${orderId}`);
    await stranger.getByRole('heading', { name: 'Order not found' }).waitFor();
    expect(await stranger.getByText('Hello Gia!').count()).toBe(0);

    await Promise.all([sellerContext.close(), guestContext.close(), strangerContext.close()]);
  });
});
