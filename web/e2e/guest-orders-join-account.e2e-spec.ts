import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, unique } from './browser';

/**
 * A guest who later registers with the address they paid with, in Chromium at desktop and phone size: My Orders
 * shows no purchase while the address is unverified, and the guest order once the mailed link (MailDev's REST API)
 * is followed.
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

interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The path (with its query) of the first link to `page` in the newest mail to `address` with this subject. */
async function mailedPath(address: string, subject: RegExp, page: string): Promise<string> {
  const maildev = process.env.E2E_MAILDEV_URL;
  if (!maildev) throw new Error('E2E_MAILDEV_URL is not set');
  for (let tries = 0; tries < 200; tries++) {
    const mails = (await (await fetch(`${maildev}/api/email`)).json()) as CaughtMail[];
    const mail = mails.filter((m) => m.to.some((to) => to.address === address) && subject.test(m.subject)).at(-1);
    const link = mail?.text.match(new RegExp(`https?://[^\\s/]+${page}[^\\s>"]*`))?.[0];
    if (link) return new URL(link).pathname + new URL(link).search;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${subject}" mail to ${address}`);
}

/** A guest (no session in `page`) pays for `productId` as the checkout page does; answers their address. */
async function guestPays(page: Page, productId: string): Promise<string> {
  const email = `guest-${unique()}@example.com`;
  const guestInfo = {
    email,
    firstName: 'Gia',
    lastName: 'Guest',
    billingStreet: '1 Main St',
    billingCity: 'Springfield',
    billingZip: '10001',
    sameAsDelivery: true,
  };
  const intent = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    page,
    'POST',
    '/api/create-payment-intent',
    { productId, amount: 24.5, guestInfo },
  );
  if (intent.status !== 200) throw new Error(`intent failed: ${intent.status}`);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '10001' };
  await callApi(page, 'POST', '/api/payments/test-confirm', { clientSecret: intent.body.clientSecret, card });
  const paid = await callApi<{ status: string }>(page, 'POST', '/api/payments/reconcile', {
    paymentIntentId: intent.body.paymentIntentId,
    clientSecret: intent.body.clientSecret,
  });
  if (paid.body.status !== 'paid') throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  return email;
}

describe.each(SIZES)('guest orders after registering at $name size', ({ name, width, height }) => {
  it('My Orders shows the guest purchase once the address is verified, not before', async () => {
    const viewport = { width, height };
    const sellerContext = await browser.newContext({ baseURL: baseUrl(), viewport });
    const guestContext = await browser.newContext({ baseURL: baseUrl(), viewport });
    const seller = await sellerContext.newPage();
    const guest = await guestContext.newPage();
    await registerPerson(seller, 'Selma');
    const title = `Carved spoon ${unique()}`;
    const product = await listProduct(seller, title);
    const email = await guestPays(guest, product.id);
    await mailedPath(email, /receipt/, '/orders/');

    const username = `gia${unique()}`;
    const registered = await callApi(guest, 'POST', '/api/auth/register', {
      email,
      password: 'secret1',
      username,
      firstName: 'Gia',
      lastName: 'Guest',
    });
    expect(registered.status).toBe(201);
    await guest.goto('/orders');
    await guest.getByText('No purchases yet').waitFor();
    await guest.screenshot({ path: `/tmp/guest-orders-${name}-unverified.png` });

    await guest.goto(await mailedPath(email, /Verify your e-mail/, '/verify-email'));
    await guest.getByText('your e-mail address is verified').waitFor();
    await guest.goto('/orders');
    // The order joins the account within moments of the verification (an event): reload until it shows.
    for (let tries = 0; tries < 20 && !(await guest.getByText(title).count()); tries++) {
      await guest.waitForTimeout(250);
      await guest.reload();
      await guest.getByRole('tab', { name: 'Purchases' }).waitFor();
    }
    await guest.getByRole('list', { name: 'Purchases' }).getByText(title).waitFor();
    expect(await axeViolations(guest)).toEqual([]);
    await guest.screenshot({ path: `/tmp/guest-orders-${name}-verified.png` });

    await guest.getByRole('list', { name: 'Purchases' }).getByText(title).click();
    await guest.getByRole('heading', { name: title }).waitFor();
    await guest.getByText('Purchase ·').waitFor();
    await Promise.all([sellerContext.close(), guestContext.close()]);
  });
});
