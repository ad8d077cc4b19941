import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { callApi, listProduct, memberPays, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, shot, unique } from './browser';

/*
 * The seller answers a claim with photos, uploaded as the buyer's claim photos are: they show with the seller's
 * answer on the order and in support's queue, through short-lived signed links (evidence). 1280 and 390 px, axe on
 * the dialog and the queue; screenshots to SHOTS_DIR.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const photoFile = async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'answer-e2e-')), 'packed.jpg');
  writeFileSync(
    file,
    await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#36a' } })
      .jpeg()
      .toBuffer(),
  );
  return file;
};

/** Waits until the image named `alt` has loaded (a refused, unsigned link never does). */
const loaded = (page: Page, alt: string) =>
  page.waitForFunction((name) => {
    const img = [...document.images].find((i) => i.alt === name);
    return !!img && img.complete && img.naturalWidth > 0;
  }, alt);

describe.each([1280, 390])('the seller answers a claim with photos at %i px', (width) => {
  it('uploads them with the answer; the order and the support queue show them by signed links', async () => {
    const seller = await newPerson(browser);
    const buyer = await newPerson(browser);
    await seller.page.setViewportSize({ width, height: 900 });
    await registerPerson(seller.page, 'Sonia');
    await registerPerson(buyer.page, 'Bruno');
    const product = await listProduct(seller.page, `Clay whistle ${unique()}`);
    const orderId = await memberPays(buyer.page, product.id);
    await callApi(seller.page, 'POST', `/api/orders/${orderId}/ship`, { carrier: 'UPS' });
    const claimed = await callApi(buyer.page, 'POST', `/api/orders/${orderId}/claims`, {
      reason: 'damaged',
      description: 'The whistle arrived cracked.',
    });
    expect(claimed.status).toBe(201);

    await seller.page.goto(`/orders/${orderId}`);
    await seller.page.getByRole('button', { name: 'Answer the Claim' }).click();
    const answer = seller.page.getByRole('dialog', { name: 'Answer the claim' });
    await answer.getByLabel(/^Your statement/).fill('It left wrapped in two layers; here it is as I packed it.');
    await answer.getByRole('heading', { name: 'Photos for support (optional)' }).waitFor();
    await answer.getByTestId('photo-files').setInputFiles(await photoFile());
    await answer.getByRole('list', { name: 'Your photos' }).getByRole('listitem').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'claim-answer-photos');
    // Accepting refunds at once: no photos are asked for then. Changing one's mind back keeps the photo uploaded.
    await answer.getByLabel('Accept: refund the buyer in full').check();
    expect(await answer.getByRole('heading', { name: 'Photos for support (optional)' }).count()).toBe(0);
    await answer.getByLabel('Give my side: support will decide').check();
    await answer.getByRole('list', { name: 'Your photos' }).getByRole('listitem').waitFor();
    // The same picture again is the same photo (media names it by its bytes): it is not added twice.
    await answer.getByTestId('photo-files').setInputFiles(await photoFile());
    await answer.getByText('packed.jpg: This photo is already added.').waitFor();
    expect(await answer.getByRole('list', { name: 'Your photos' }).getByRole('listitem').count()).toBe(1);
    await answer.getByRole('button', { name: 'Send My Answer' }).click();
    await seller.page.getByText('Answer sent: support will decide').waitFor();

    // On the order, both parties see the seller's photo beside the answer, by a signed link that loads.
    const order = await callApi<{ claim: { sellerResponse: { photos: string[] } } }>(
      buyer.page,
      'GET',
      `/api/orders/${orderId}`,
    );
    expect(order.body.claim.sellerResponse.photos).toEqual([
      expect.stringMatching(/\/media\/[0-9a-f]{32}-1000\.webp\?expires=\d+&signature=[\w-]+$/),
    ]);
    const unsigned = order.body.claim.sellerResponse.photos[0]!.split('?')[0]!;
    // Once media has heard of the answer, the photo is evidence: without a signature it is refused.
    for (let i = 0; i < 150 && (await buyer.page.request.get(unsigned)).status() !== 403; i++)
      await buyer.page.waitForTimeout(100);
    expect((await buyer.page.request.get(unsigned)).status()).toBe(403);
    await buyer.page.setViewportSize({ width, height: 900 });
    await buyer.page.goto(`/orders/${orderId}`);
    await loaded(buyer.page, "Seller's photo 1");

    const agent = await newPerson(browser);
    await agent.page.setViewportSize({ width, height: 900 });
    const { username } = await registerPerson(agent.page, 'Ruth');
    const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
      setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
    };
    await setUserRole(process.env.E2E_DATABASE_URL!, username, 'support');
    await agent.page.goto('/support/claims');
    const item = agent.page.getByRole('listitem').filter({ hasText: product.title });
    await item.getByText('It left wrapped in two layers').waitFor();
    await item.getByRole('link', { name: "Seller's photo 1 (opens in a new tab)" }).scrollIntoViewIfNeeded();
    await loaded(agent.page, "Seller's photo 1");
    expect(await axeViolations(agent.page)).toEqual([]);
    await shot(agent.page, 'support-claim-seller-photos');
    await Promise.all([seller.context.close(), buyer.context.close(), agent.context.close()]);
  });
});
