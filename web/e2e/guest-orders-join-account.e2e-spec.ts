import type { Browser } from 'playwright-core';
import { callApi, guestPays, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, launchBrowser, unique } from './browser';
import { mailedPath } from './mail';

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
