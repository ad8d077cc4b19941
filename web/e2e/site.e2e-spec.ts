import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeFindings } from './axe';
import { launchBrowser, newPerson, unique } from './browser';

let browser: Browser;
let product: { id: string; title: string };
beforeAll(async () => {
  browser = await launchBrowser();
  const seller = await newPerson(browser);
  // In Japan, like the member who buys below: the marketplace ships within the seller's country.
  await registerPerson(seller.page, 'Kenji', 'Kyoto, Japan');
  product = await listProduct(seller.page, `Tea bowl ${unique()}`, { country: 'Japan', price: 48 });
  await seller.context.close();
});
afterAll(async () => {
  await browser?.close();
});

const notFound = (page: Page) => page.getByRole('heading', { name: '404 Page Not Found' });

describe('titles', () => {
  it("every page has its own title; a product's names the product", async () => {
    const { page, context } = await newPerson(browser);
    const expected: Array<[string, string]> = [
      ['/', 'Souvenir Swap · Travel treasures, shipped from home'],
      ['/categories', 'Categories · Souvenir Swap'],
      ['/how-it-works', 'How It Works · Souvenir Swap'],
      ['/terms', 'Terms of Service · Souvenir Swap'],
      ['/privacy', 'Privacy Policy · Souvenir Swap'],
      ['/checkout', 'Checkout · Souvenir Swap'],
      ['/no/such/page', 'Page Not Found · Souvenir Swap'],
      [`/product/${product.id}`, `${product.title} from Japan · Souvenir Swap`],
    ];
    for (const [path, title] of expected) {
      await page.goto(path);
      await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 }).catch(() => undefined);
      expect([path, await page.title()]).toEqual([path, title]);
    }
    await context.close();
  });
});

describe("a guest's first visit", () => {
  it('logs no console error and does not ask who is signed in', async () => {
    const { page, context } = await newPerson(browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/me')) asked.push(request.url());
    });
    for (const path of ['/', `/product/${product.id}`, '/how-it-works']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
    expect(asked).toEqual([]);
    // Signed in, the app asks (the gateway's hint cookie says there is a session), and knows the person.
    await registerPerson(page, 'Hana');
    await page.goto('/');
    await page.getByRole('link', { name: /^Messages/ }).waitFor(); // only members have Messages in the header
    expect(asked.length).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the footer', () => {
  it('every link leads to a real page, and a section link lands on its section', async () => {
    const { page, context } = await newPerson(browser);
    await page.goto('/');
    const links = await page
      .locator('footer a')
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ label: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
      );
    expect(links.length).toBeGreaterThanOrEqual(12);
    // Followed as a reader would, from whichever page the previous link led to (every page has the footer).
    for (const [index, { label, href }] of links.entries()) {
      await page.locator('footer a').nth(index).click();
      await page.waitForURL((url) => url.pathname + url.hash === href);
      // The router keeps the previous page on screen while a lazy page loads: wait for this page's own content.
      await page.waitForFunction(
        () => !document.querySelector('[aria-busy="true"]') && document.querySelector('main h1'),
      );
      const hash = href.split('#')[1];
      if (hash) {
        await page.locator(`[id="${hash}"]`).waitFor();
        await page.waitForFunction(
          (id) => {
            const box = document.getElementById(id)!.getBoundingClientRect();
            return box.top >= 0 && box.top < window.innerHeight;
          },
          hash,
          { timeout: 5_000 },
        );
      }
      expect([label, await notFound(page).count()]).toEqual([label, 0]);
    }
    await page.goto('/terms');
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.goto('/privacy');
    await page.getByText('No advertising, no tracking.').waitFor();
    await context.close();
  });

  it('Terms, Privacy and the questions pass axe (WCAG 2.2 AA) on a phone and a desktop; Terms screenshots', async () => {
    const problems: string[] = [];
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width, height: 844 } });
      const page = await context.newPage();
      for (const [path, heading] of [
        ['/privacy', 'Privacy Policy'],
        ['/how-it-works#faq', 'From their suitcase to your doorstep'],
        ['/terms', 'Terms of Service'],
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        problems.push(...(await axeFindings(page)).map((f) => `${width} ${path} ${f.id}: ${f.targets.join(', ')}`));
      }
      await page.screenshot({ path: `/tmp/shots21/site-terms-${width}.png`, fullPage: width === 390 });
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});

describe('checkout', () => {
  it('starts with "Same as billing" ticked and the member\'s own country; a guest starts in the United States', async () => {
    const member = await newPerson(browser);
    const username = `yuki${unique()}`;
    const joined = await callApi(member.page, 'POST', '/api/auth/register', {
      email: `${username}@example.com`,
      password: 'secret1',
      username,
      firstName: 'Yuki',
      lastName: 'Tanaka',
      location: 'Kyoto, Japan',
    });
    expect(joined.status).toBe(201);
    await member.page.goto(`/checkout?product=${product.id}`);
    const shipping = member.page.getByRole('form', { name: 'Shipping information' });
    await expect(shipping.getByLabel('Same as billing').isChecked()).resolves.toBe(true);
    await expect(shipping.getByLabel(/^Country/).inputValue()).resolves.toBe('Japan');
    // Delivery is the billing address, so its fields are hidden.
    await expect(shipping.getByLabel(/^Street Address/).count()).resolves.toBe(1);

    const guest = await newPerson(browser);
    await guest.page.goto(`/checkout?product=${product.id}`);
    await guest.page.getByRole('button', { name: 'Continue as Guest' }).click();
    const guestShipping = guest.page.getByRole('form', { name: 'Shipping information' });
    await expect(guestShipping.getByLabel('Same as billing').isChecked()).resolves.toBe(true);
    await expect(guestShipping.getByLabel(/^Country/).inputValue()).resolves.toBe('United States');
    await guest.context.close();

    // A card whose expiry has passed is called expired, on the expiry field, not "incomplete".
    await shipping.getByLabel(/^Street Address/).fill('1-2 Gion');
    await shipping.getByLabel(/^City/).fill('Kyoto');
    await shipping.getByLabel(/^(ZIP Code|Postal code|Postcode)/i).fill('60500');
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
    const card = member.page.getByRole('form', { name: 'Card payment' });
    await card.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
    await card.getByLabel(/^Expiry/).fill('01 / 21');
    await card.getByLabel(/^CVC/).fill('123');
    await card.getByLabel(/^(ZIP|Postal code|Postcode)/i).fill('60500');
    await card.getByRole('button', { name: /^Pay \$/ }).click();
    await card.getByRole('alert').filter({ hasText: "Your card's expiration date is in the past." }).waitFor();
    await expect(card.getByLabel(/^Expiry/).getAttribute('aria-invalid')).resolves.toBe('true');
    await member.context.close();
  });
});
