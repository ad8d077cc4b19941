import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson, unique } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('selling and browsing', () => {
  it('lists a souvenir, finds it on Home, in search and by country, opens it as another user, and only the owner removes it', async () => {
    const seller = await newPerson(browser);
    const sellerName = `sel${unique()}`;
    const api = (path: string, body: unknown) =>
      seller.page.evaluate(
        async ([p, b]) => {
          const res = await fetch(p as string, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(b),
          });
          return res.status;
        },
        [path, body] as const,
      );
    await seller.page.goto('/');
    expect(
      await api('/api/auth/register', {
        email: `${sellerName}@example.com`,
        password: 'secret1',
        username: sellerName,
        firstName: 'Noor',
        lastName: 'Haddad',
      }),
    ).toBe(201);

    const title = `Zellige tile coaster ${unique()}`;
    await seller.page.goto('/sell');
    await seller.page.getByRole('heading', { name: 'List Your Souvenir' }).waitFor();
    await seller.page.getByRole('button', { name: 'List Item' }).last().click();
    await seller.page.getByText('Title must be at least 5 characters').waitFor();
    await seller.page.getByText('At least one image is required').waitFor();
    await seller.page.getByLabel(/^Title/).fill(title);
    await seller.page
      .getByLabel(/^Description/)
      .fill('Hand-cut glazed tile from a workshop in Fez, set in cork as a coaster.');
    await seller.page.getByLabel(/^Category/).click();
    await seller.page.getByRole('option', { name: 'Home Decor' }).click();
    await seller.page.getByLabel(/^Condition/).click();
    await seller.page.getByRole('option', { name: /^New/ }).click();
    await seller.page.getByLabel(/^Country of Origin/).fill('Morocco');
    await seller.page.keyboard.press('Enter');
    await seller.page
      .getByLabel(/^Price/)
      .first()
      .fill('18.50');
    await seller.page.getByRole('button', { name: 'Use Sample Image' }).click();
    await seller.page.getByRole('button', { name: 'Add', exact: true }).click();
    await seller.page.getByText('Main photo', { exact: true }).waitFor();
    // Contents is required, with nothing ticked for the seller.
    await seller.page.getByTestId('contents-checklist').getByLabel('None of these').check();
    await seller.page.getByRole('button', { name: 'List Item' }).last().click();
    await seller.page.getByText('Product listed successfully!').waitFor();
    await seller.page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    const productUrl = seller.page.url();
    await seller.page.getByRole('heading', { name: title }).waitFor();

    // Another person finds it on Home, through search, and under its country.
    const buyer = await newPerson(browser);
    await buyer.page.goto('/');
    await buyer.page.getByText(title).first().waitFor();
    await buyer.page.goto(`/?search=${encodeURIComponent('zellige')}`);
    await buyer.page.getByText(title).first().waitFor();
    await buyer.page.getByText(/Showing \d+ results? for "zellige"/).waitFor();
    await buyer.page.goto('/?country=Morocco');
    await buyer.page.getByText(title).first().waitFor();
    await buyer.page.getByText(title).first().click();
    await buyer.page.waitForURL(productUrl);
    await buyer.page.getByRole('heading', { name: title }).waitFor();
    await buyer.page.getByText('$18.50').first().waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Remove Listing' }).count()).toBe(0);
    await buyer.page.getByRole('link', { name: 'Buy Now' }).waitFor();
    const forbidden = await buyer.page.evaluate(
      async (id) => (await fetch(`/api/products/${id}`, { method: 'DELETE' })).status,
      productUrl.split('/').pop(),
    );
    expect(forbidden).toBe(401);

    // The owner removes it; it is gone everywhere.
    await seller.page.getByRole('button', { name: 'Remove Listing' }).click();
    await seller.page.getByText('Your listing has been removed').waitFor();
    await seller.page.waitForURL(/\/$/);
    await buyer.page.goto(productUrl);
    await buyer.page.getByText('Product not found').waitFor();
    await buyer.page.goto(`/?search=${encodeURIComponent(title)}`);
    await buyer.page.getByText('No products found').waitFor();

    await buyer.context.close();
    await seller.context.close();
  });
});

describe('finding what you mean', () => {
  it('finds an item by its country and by a plural, and answers a typo with "Did you mean" that runs the search', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Aiko');
    const { title } = await listProduct(seller.page, `Indigo furoshiki cloth ${unique()}`, {
      country: 'Japan',
      category: 'Textiles',
    });
    await seller.context.close();

    const shopper = await newPerson(browser);
    await shopper.page.goto('/?search=japan');
    await shopper.page.getByText(title).first().waitFor();
    await shopper.page.goto(`/?search=${encodeURIComponent('furoshiki cloths')}`);
    await shopper.page.getByText(title).first().waitFor();

    await shopper.page.goto('/?search=furosihki');
    await shopper.page.getByText('No products found').waitFor();
    await shopper.page.getByText('Did you mean').waitFor();
    mkdirSync('/tmp/shots21', { recursive: true });
    await shopper.page.locator('#products').screenshot({ path: '/tmp/shots21/search-did-you-mean.png' });
    await shopper.page.setViewportSize({ width: 390, height: 844 });
    await shopper.page.locator('#products').screenshot({ path: '/tmp/shots21/search-did-you-mean-phone.png' });
    await shopper.page.getByRole('button', { name: 'furoshiki' }).click();
    await shopper.page.getByText(title).first().waitFor();
    await shopper.page.getByText(/Showing \d+ results? for "furoshiki"/).waitFor();
    expect(new URL(shopper.page.url()).searchParams.get('search')).toBe('furoshiki');
    await shopper.context.close();
  });
});
