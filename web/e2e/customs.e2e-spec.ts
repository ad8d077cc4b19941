import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { callApi } from './actors';
import { launchBrowser, newPerson, unique, untilHydrated } from './browser';

/*
 * Customs and provenance in the browser: a seller in Australia lists coral on /sell and is refused with
 * the rule and its source; another listing with a receipt shows Documented origin; a support user approves it in
 * /support's provenance queue and the product page shows Checked. Screenshots at 1280 and 390 px go to SHOTS_DIR.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function registerIn(page: Page, firstName: string, location: string): Promise<string> {
  const username = `${firstName.toLowerCase()}${unique()}`;
  const res = await callApi<{ id: string }>(page, 'POST', '/api/auth/register', {
    email: `${username}@example.com`,
    password: 'secret1',
    username,
    firstName,
    lastName: 'Tester',
    location,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return username;
}

async function fillListing(page: Page, title: string): Promise<void> {
  await page.goto('/sell');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Brought home from a reef island market in Fiji, kept on a shelf since.');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Art & Crafts' }).click();
  await page.getByLabel('Condition').click();
  await page.getByRole('option', { name: 'Good' }).click();
  await page.getByLabel('Country of Origin').fill('Fiji');
  await page.getByLabel('Price').first().fill('35');
  await page.getByLabel('Image URL').fill(`${new URL(page.url()).origin}/placeholder.svg`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page
    .getByRole('button', { name: /Remove photo 1|Delete/ })
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
}

it('refuses coral in Australia with the reason and source; a receipt makes Documented; support makes it Checked', async () => {
  const seller = await newPerson(browser);
  await registerIn(seller.page, 'Ava', 'Sydney, Australia');

  // Contents is required and nothing is ticked to start with: List Item without an answer brings the checklist into
  // view with the focus and the spec-style error.
  await fillListing(seller.page, `Coral branch ${unique()}`);
  const checklist = seller.page.getByTestId('contents-checklist');
  expect(await checklist.getByRole('checkbox', { checked: true }).count()).toBe(0);
  await seller.page.getByRole('button', { name: 'List Item' }).click();
  await seller.page.getByText('Contents is required: tick what the item contains, or "None of these"').waitFor();
  expect(await seller.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('contents');
  expect(seller.page.url()).toContain('/sell');

  // Coral: the rule shows as soon as it is ticked, and listing is refused with the rule and its source.
  await checklist.getByLabel('Coral').check();
  expect(await checklist.getByLabel('None of these').isChecked()).toBe(false);
  await seller.page.getByText('Coral: May not be sold').waitFor();
  await seller.page.getByText('This is guidance, not legal advice.', { exact: false }).first().waitFor();
  await shots(seller.page, 'sell-coral');
  await seller.page.getByRole('button', { name: 'List Item' }).click();
  const toast = seller.page.getByText(/may not be sold\. Source: Australian Government/);
  await toast.first().waitFor();
  expect(seller.page.url()).toContain('/sell');

  // A wooden carving with its receipt: listed, Documented.
  const title = `Carved kava bowl ${unique()}`;
  await fillListing(seller.page, title);
  await seller.page.getByTestId('contents-checklist').getByLabel('Wood').check();
  await seller.page.getByRole('button', { name: 'Add where you bought it' }).click();
  await seller.page.getByLabel('Country of purchase').fill('Fiji');
  await seller.page.getByLabel('City').fill('Suva');
  await seller.page.getByLabel('Shop or market').fill('Municipal market');
  await seller.page.getByLabel('Document photo URL').fill(`${new URL(seller.page.url()).origin}/placeholder.svg`);
  await seller.page.getByRole('button', { name: 'Add document' }).click();
  await seller.page.getByText('Document 1').waitFor();
  await shots(seller.page, 'sell-provenance');
  await seller.page.getByRole('button', { name: 'List Item' }).click();
  await seller.page.waitForURL(/\/product\//);
  const productUrl = new URL(seller.page.url()).pathname;
  await seller.page.getByTestId('origin-badge').filter({ hasText: 'Origin: Documented' }).waitFor();
  await seller.page.getByText('Bought at Municipal market, Suva, Fiji', { exact: false }).waitFor();
  await shots(seller.page, 'product-documented');

  // Support approves the documents in /support; the product page then shows Checked.
  const agent = await newPerson(browser);
  const username = await registerIn(agent.page, 'Ruth', 'Melbourne, Australia');
  const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
    setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
  };
  await setUserRole(process.env.E2E_DATABASE_URL!, username, 'support');
  await agent.page.goto('/support/provenance');
  await agent.page.getByRole('heading', { name: 'Provenance to check' }).waitFor();
  const item = agent.page.getByRole('listitem').filter({ hasText: title });
  await item.getByRole('img', { name: `Document 1 of ${title}` }).waitFor();
  await shots(agent.page, 'support-provenance');
  await item.getByRole('button', { name: 'Approve' }).click();
  await agent.page.getByRole('dialog').getByRole('button', { name: 'Approve documents' }).click();
  await agent.page.getByText(`Approved: ${title} shows Checked origin`).waitFor();
  await agent.page.goto('/support/customs-rules');
  await agent.page.getByRole('heading', { name: 'Customs rules' }).waitFor();
  await shots(agent.page, 'support-customs');

  await seller.page.goto(productUrl);
  await seller.page.getByTestId('origin-badge').filter({ hasText: 'Origin: Checked' }).waitFor();
  await seller.page.getByText('Our support team looked at the receipt', { exact: false }).waitFor();
  await shots(seller.page, 'product-checked');

  // Browse: the Documented origin switch and the Contents facet find it (and the URL keeps them).
  await seller.page.goto('/');
  // Home is prerendered: a tap before hydration is held and replayed (first-tap.e2e-spec proves it); this test's
  // check() wants the switch to change at once, so it waits for the hydrated controls.
  await untilHydrated(seller.page.getByLabel('Documented origin').first());
  await seller.page.getByLabel('Documented origin').first().check();
  await untilHydrated(seller.page.getByLabel('Wood').first());
  await seller.page.getByLabel('Wood').first().check();
  await seller.page.waitForURL(/documentedOrigin=true/);
  expect(seller.page.url()).toContain('contents=wood');
  await seller.page.getByText(title).first().waitFor();
  await seller.page
    .getByRole('button', { name: /Contains: Wood/ })
    .first()
    .waitFor()
    .catch(() => {});
  await shots(seller.page, 'browse-documented');
  // The product card shows the origin level beside the Verified/Pending chip, named for screen readers.
  const card = seller.page.getByRole('article', { name: title });
  await card.getByTestId('card-origin-chip').filter({ hasText: 'Checked' }).waitFor();
  expect(await card.getByTestId('card-origin-chip').textContent()).toBe('Origin: Checked');
  await cardShots(seller.page, title, 'card-origin-grid');
  await seller.page.getByRole('button', { name: 'List view' }).first().click();
  await cardShots(seller.page, title, 'card-origin-list');
});

/** The card alone, at 1280 and 390 px: the chips beside each other over the photo (stacked on a list's narrow one). */
async function cardShots(page: Page, title: string, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const card = page.getByRole('article', { name: title });
    // Below the sticky header, which would otherwise cover the chips.
    await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
    await card.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

it('says when contents were not declared, and tells a seller whose location names no country what that means', async () => {
  const seller = await newPerson(browser);
  await registerIn(seller.page, 'Leo', 'Lisbon');
  // The spec's call, without contents: listed, and the product page says the seller did not declare them.
  const created = await callApi<{ id: string; contents: unknown }>(seller.page, 'POST', '/api/products', {
    title: `Cork postcard ${unique()}`,
    description: 'A postcard printed on cork, bought in the Alfama district.',
    price: 4,
    condition: 'new',
    category: 'Collectibles',
    country: 'Portugal',
    images: [`${new URL(seller.page.url()).origin}/placeholder.svg`],
  });
  expect(created.status).toBe(201);
  expect(created.body.contents).toBeNull();
  await seller.page.goto(`/product/${created.body.id}`);
  await seller.page.getByText('Contents not declared by the seller.').waitFor();

  await seller.page.goto('/sell');
  const notice = seller.page.getByTestId('no-seller-country');
  await notice.waitFor();
  expect(await notice.innerText()).toContain('“Lisbon”, names no country we recognise');
  expect(await notice.innerText()).toContain('checkout cannot keep delivery within your country');
  await shots(seller.page, 'sell-no-country');
  if (process.env.SHOTS_DIR) {
    for (const width of [1280, 390]) {
      await seller.page.setViewportSize({ width, height: 900 });
      await notice.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
      await seller.page.screenshot({ path: `${process.env.SHOTS_DIR}/sell-no-country-view-${width}.png` });
    }
  }
});
