import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, unique } from './browser';

/**
 * Guests keep their order in Chromium at desktop and phone size: a guest who lost the tab asks "Find my
 * order" on My Orders with the address they paid with, and opens the order from the link MailDev caught (REST API).
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

/** The path of the first order link in the newest mail to `address` with this subject, once it has arrived. */
async function mailedOrderPath(address: string, subject: string): Promise<string> {
  const maildev = process.env.E2E_MAILDEV_URL;
  if (!maildev) throw new Error('E2E_MAILDEV_URL is not set');
  for (let tries = 0; tries < 200; tries++) {
    const mails = (await (await fetch(`${maildev}/api/email`)).json()) as CaughtMail[];
    const mail = mails.filter((m) => m.to.some((to) => to.address === address) && m.subject === subject).at(-1);
    const link = mail?.text.match(/https?:\/\/[^\s/]+\/orders\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return new URL(link).pathname;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${subject}" mail to ${address}`);
}

/** A guest pays for a new listing through the API, as the checkout page does; answers the address they paid with. */
async function guestBought(page: Page, title: string): Promise<string> {
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
  const product = await listProduct(page, title);
  await callApi(page, 'POST', '/api/auth/logout');
  const intent = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    page,
    'POST',
    '/api/create-payment-intent',
    { productId: product.id, amount: 24.5, guestInfo },
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

describe.each(SIZES)('Find my order at $name size', ({ name, width, height }) => {
  it('mails a guest the link to their order, which opens it', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
    const page = await context.newPage();
    await registerPerson(page, 'Selma');
    const title = `Lacquer box ${unique()}`;
    const email = await guestBought(page, title);

    await page.goto('/orders');
    const form = page.getByRole('region', { name: 'Find my order' });
    await form.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/find-my-order-${name}-form.png` });

    // Not an address: the field says so.
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Send my order links' }).click();
    await form.getByText('Invalid email address').waitFor();

    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send my order links' }).click();
    await form
      .getByRole('status')
      .getByText(/If you paid with this address/)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/find-my-order-${name}-sent.png` });

    await page.goto(await mailedOrderPath(email, 'Your Souvenir Swap orders'));
    await page.getByText(title).first().waitFor();
    await page.screenshot({ path: `/tmp/find-my-order-${name}-order.png` });
    await context.close();
  });
});
