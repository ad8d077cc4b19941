import { eventually } from '@souvenir/testing';
import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, shot, unique } from './browser';

/*
 * Reporting and support's moderation queue in the browser: a member reports a listing from its page (a reason of the
 * closed set and details, then the toast), a message from a conversation; support finds both in /support/reports with
 * what was reported and who reported it, and hides the listing with a reason, after which it is gone. At 1280 and
 * 390 px, with axe on each state; screenshots to SHOTS_DIR.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function supportAgent(): Promise<Page> {
  const agent = await newPerson(browser);
  const { username } = await registerPerson(agent.page, 'Ruth');
  const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
    setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
  };
  await setUserRole(process.env.E2E_DATABASE_URL!, username, 'support');
  return agent.page;
}

describe.each([1280, 390])('reports and moderation at %i px', (width) => {
  it('reports a listing and a message, and support hides the listing from the queue', async () => {
    const seller = await newPerson(browser);
    const { id: sellerId } = await registerPerson(seller.page, 'Sela');
    const listing = await listProduct(seller.page, `Brass elephant ${unique()}`);

    const member = await newPerson(browser);
    await registerPerson(member.page, 'Mona');
    const page = member.page;
    await page.setViewportSize({ width, height: 900 });

    // From the listing's page: Report opens the dialog; a reason is required.
    await page.goto(`/product/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    await page.getByRole('button', { name: 'Report this listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await dialog.getByText('Choose a reason for your report').waitFor();
    await dialog.getByRole('radio', { name: 'Counterfeit' }).check();
    await dialog.getByLabel('Details (optional)').fill('The maker’s mark is <b>printed</b>, not stamped.');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'report-listing-dialog');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Report sent').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // A report hides nothing: the listing is still there.
    expect((await callApi(page, 'GET', `/api/products/${listing.id}`)).status).toBe(200);

    // From a conversation: the seller's message has its own Report.
    await callApi(page, 'POST', '/api/messages', { toUserId: sellerId, productId: listing.id, content: 'Is it real?' });
    await callApi(seller.page, 'POST', '/api/messages', {
      toUserId: (await callApi<{ id: string }>(page, 'GET', '/api/auth/me')).body.id,
      productId: listing.id,
      content: `Pay me by bank transfer for the ${listing.title}`,
    });
    await page.goto(`/messages?user=${sellerId}&product=${listing.id}`);
    const report = page.getByRole('button', { name: 'Report Sela’s message' });
    await report.waitFor();
    await report.click();
    const messageDialog = page.getByRole('dialog', { name: 'Report this message' });
    await messageDialog.getByRole('radio', { name: 'Scam or payment outside the site' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'report-message-dialog');
    await messageDialog.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Report sent').waitFor();

    // Support's queue: the listing with its report, the reporter and the seller's history.
    const agent = await supportAgent();
    await agent.setViewportSize({ width, height: 900 });
    await agent.goto('/support/reports');
    await agent.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const card = agent.getByRole('listitem', { name: `Listing: ${listing.title}` });
    await card.getByText('The maker’s mark is <b>printed</b>, not stamped.').waitFor();
    await card.getByText(/By Mona Tester/).waitFor();
    // Each person's history has their orders (payments' count): Mona and Sela have none yet.
    await card
      .getByText(/0 orders bought · 0 sold/)
      .first()
      .waitFor();
    await agent.getByRole('listitem', { name: `Message: Pay me by bank transfer for the ${listing.title}` }).waitFor();
    expect(await axeViolations(agent)).toEqual([]);
    await shot(agent, 'moderation-queue');

    // A decision needs the reason the seller will read.
    await card.getByRole('button', { name: 'Hide Content' }).click();
    await card.getByText('Write the reason the reported person will read').waitFor();
    await card.getByLabel(/Reason the member will read/).fill('Copies of a protected maker’s mark are not allowed.');
    await card.getByRole('button', { name: 'Hide Content' }).click();
    await agent.getByText('Content hidden').waitFor();
    await card.waitFor({ state: 'detached' });
    await shot(agent, 'moderation-queue-decided');

    await eventually(async () => expect((await callApi(page, 'GET', `/api/products/${listing.id}`)).status).toBe(404));
    await Promise.all([seller.context.close(), member.context.close(), agent.context().close()]);
  });
});
