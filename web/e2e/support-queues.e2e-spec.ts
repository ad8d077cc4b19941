import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, shot, unique } from './browser';

/*
 * Support's queues in the browser: /support opens the claims page under a nav that says what waits in each queue;
 * the provenance page shows each listing's document inline, and Approve or Reject asks once more (naming the item
 * and the decision) before anything is sent. At 1280 and 390 px, with axe on each state; screenshots to SHOTS_DIR.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Counts {
  claims: number;
  disputes: number;
  provenance: number;
  reviews: number;
}

async function supportAgent(): Promise<Page> {
  const agent = await newPerson(browser);
  const { username } = await registerPerson(agent.page, 'Ruth');
  const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
    setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
  };
  await setUserRole(process.env.E2E_DATABASE_URL!, username, 'support');
  return agent.page;
}

const queueLink = (page: Page, label: string, count: number) =>
  page
    .getByRole('navigation', { name: 'Support queues' })
    .getByRole('link', { name: `${label} ${count} waiting`, exact: true });

describe.each([1280, 390])('support queues at %i px', (width) => {
  it('counts each queue in the nav, shows the document inline and confirms the decision before sending it', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Sela');
    const origin = new URL(seller.page.url()).origin;
    const approved = await listProduct(seller.page, `Lacquer box ${unique()}`, {
      contents: ['none'],
      provenance: { boughtCity: 'Hanoi', documents: [`${origin}/placeholder.svg`] },
    });
    const rejected = await listProduct(seller.page, `Silk fan ${unique()}`, {
      contents: ['none'],
      provenance: { boughtCity: 'Hoi An', documents: [`${origin}/placeholder.svg`] },
    });

    const page = await supportAgent();
    await page.setViewportSize({ width, height: 900 });
    const counts = (await callApi<Counts>(page, 'GET', '/api/support/queues')).body;
    expect(counts.provenance).toBeGreaterThanOrEqual(2);

    // /support opens the claims page; the nav names every queue with its count.
    await page.goto('/support');
    await page.waitForURL(/\/support\/claims$/);
    await page.getByRole('heading', { level: 1, name: 'Open claims' }).waitFor();
    await queueLink(page, 'Claims', counts.claims).waitFor();
    await queueLink(page, 'Card disputes', counts.disputes).waitFor();
    await queueLink(page, 'Reported reviews', counts.reviews).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'support-claims');

    // One page per queue: the provenance link opens it, marked as the current page.
    await queueLink(page, 'Provenance', counts.provenance).click();
    await page.waitForURL(/\/support\/provenance$/);
    await page.getByRole('heading', { level: 1, name: 'Provenance to check' }).waitFor();
    const current = page.getByRole('navigation', { name: 'Support queues' }).locator('[aria-current="page"]');
    expect(await current.textContent()).toContain('Provenance');

    // The document is on the page itself, loaded (not a link to click first), with a link that opens it whole.
    const item = page.getByRole('listitem').filter({ hasText: approved.title });
    const document = item.getByRole('img', { name: `Document 1 of ${approved.title}` });
    await document.scrollIntoViewIfNeeded();
    await page.waitForFunction((name) => {
      const img = [...document.images].find((i) => i.alt === name);
      return !!img && img.complete && img.naturalWidth > 0;
    }, `Document 1 of ${approved.title}`);
    await item.getByRole('link', { name: 'Open document 1 in a new tab' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'support-provenance');

    // Approve asks first, naming the item and the decision; Cancel sends nothing.
    await item.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: `Approve the documents of “${approved.title}”?` });
    await dialog.getByText('The listing will show Checked origin').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'support-provenance-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await callApi<Counts>(page, 'GET', '/api/support/queues')).body.provenance).toBe(counts.provenance);

    await item.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Approve documents' }).click();
    await page.getByText(`Approved: ${approved.title} shows Checked origin`).waitFor();
    await item.waitFor({ state: 'detached' });
    await queueLink(page, 'Provenance', counts.provenance - 1).waitFor();

    // Reject names the other decision and what it does.
    const other = page.getByRole('listitem').filter({ hasText: rejected.title });
    await other.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('dialog', { name: `Reject the documents of “${rejected.title}”?` });
    await rejectDialog.getByText('The documents will no longer count').waitFor();
    await rejectDialog.getByRole('button', { name: 'Reject documents' }).click();
    await other.waitFor({ state: 'detached' });
    await queueLink(page, 'Provenance', counts.provenance - 2).waitFor();

    const product = await callApi<{ originLevel: string | null }>(page, 'GET', `/api/products/${approved.id}`);
    expect(product.body.originLevel).toBe('checked');
    await Promise.all([seller.context.close(), page.context().close()]);
  });
});
