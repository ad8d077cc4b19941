import type { Locator, Page } from 'playwright-core';
import { browserWorld, callApi, listProduct } from './actors';
import { axeViolations } from './axe';
import { unique } from './browser';

/*
 * A bundle refunded in part, at a phone's and a desktop's width: the buyer pays for two items at once, claims one,
 * support refunds it; the buyer's order page shows that item's money back on their card, the seller's what they get
 * for the rest, and the seller puts the refunded item back on sale from its page. Axe on every page.
 */
const world = browserWorld();

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

/** "2 Dec": the order page's day and month, today (the refund lands within the test). */
const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

async function send<T = unknown>(page: Page, path: string, body?: unknown): Promise<T> {
  const res = await callApi<T>(page, 'POST', path, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Reloads until the locator shows (the refund lands moments after the decision, by a job). */
async function reloadUntilShown(page: Page, locator: Locator) {
  for (let attempt = 0; attempt < 15; attempt++) {
    if (
      await locator.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    await page.reload();
  }
  await locator.waitFor({ timeout: 1_000 });
}

async function looksRight(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  expect(await axeViolations(page)).toEqual([]);
}

describe.each(SIZES)('a bundle refunded in part at %s size', (_size, width, height) => {
  it('the buyer sees the claimed item’s money back on their card, the seller what they get for the rest', async () => {
    const seller = await world.member('Marta', { width, height });
    const buyer = await world.member('Joao', { width, height });
    const agent = await world.member('Rita', { width, height });
    const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
      setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
    };
    await setUserRole(process.env.E2E_DATABASE_URL!, agent.username, 'support');

    const kept = await listProduct(seller.page, `Azulejo tile ${unique()}`, { price: 20 });
    const claimed = await listProduct(seller.page, `Cork coaster ${unique()}`, { price: 10 });
    const intent = await send<{ clientSecret: string; paymentIntentId: string }>(
      buyer.page,
      '/api/create-payment-intent',
      {
        productIds: [kept.id, claimed.id],
        amount: '30.00',
        guestInfo: {
          billingStreet: '1 Main St',
          billingCity: 'Springfield',
          billingZip: '10001',
          sameAsDelivery: true,
        },
      },
    );
    await send(buyer.page, '/api/payments/test-confirm', {
      clientSecret: intent.clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '10001' },
    });
    const { orderId } = await send<{ orderId: string }>(buyer.page, '/api/payments/reconcile', {
      paymentIntentId: intent.paymentIntentId,
    });
    await send(seller.page, `/api/orders/${orderId}/ship`, { carrier: 'DHL' });
    const opened = await send<{ claim: { id: string } }>(buyer.page, `/api/orders/${orderId}/claims`, {
      reason: 'damaged',
      description: 'The coaster arrived snapped in two.',
      productIds: [claimed.id],
    });
    await send(seller.page, `/api/orders/${orderId}/claim/response`, {
      accept: false,
      statement: 'It left here in one piece.',
    });
    await send(agent.page, `/api/support/claims/${opened.claim.id}/decision`, {
      outcome: 'refund',
      reason: 'The photo shows the coaster broken.',
    });

    // The buyer: the coaster's $10.00 back on their card, the order still theirs for the tile.
    await buyer.page.goto(`/orders/${orderId}`);
    const buyerMoney = buyer.page.getByRole('region', { name: 'Money' });
    await reloadUntilShown(buyer.page, buyerMoney.getByText(`$10.00 back to your card ending 4242 on ${today()}`));
    await buyer.page.getByText('$10.00 refunded', { exact: true }).waitFor();
    await looksRight(buyer.page);

    // The seller: what they get for the tile (the fee on it), and the coaster's refund said plainly.
    const sellerView = await callApi<{ money: { sellerAmount: string; fee: string } }>(
      seller.page,
      'GET',
      `/api/orders/${orderId}`,
    );
    const { sellerAmount, fee } = sellerView.body.money;
    expect(Number(sellerAmount) + Number(fee)).toBeCloseTo(20, 2);
    await seller.page.goto(`/orders/${orderId}`);
    const sellerMoney = seller.page.getByRole('region', { name: 'Money' });
    await sellerMoney.getByText(`You receive $${sellerAmount} (fee $${fee})`).waitFor();
    await sellerMoney.getByText(`$10.00 refunded to the buyer for the claimed items on ${today()}`).waitFor();
    await looksRight(seller.page);

    // The claimed item's page offers it back on sale; the kept one's does not (its sale stands).
    await seller.page.goto(`/product/${kept.id}`);
    await seller.page.getByText(/You sold this souvenir/).waitFor();
    expect(await seller.page.getByRole('button', { name: 'Put Back on Sale' }).count()).toBe(0);
    await seller.page.goto(`/product/${claimed.id}`);
    const notice = seller.page.getByRole('status').filter({ hasText: 'The buyer was refunded' });
    await notice.getByRole('button', { name: 'Put Back on Sale' }).waitFor();
    await looksRight(seller.page);
    await notice.getByRole('button', { name: 'Put Back on Sale' }).click();
    await seller.page.getByText('Back on sale').first().waitFor();
    await seller.page.getByRole('button', { name: 'Remove Listing' }).waitFor();
    await looksRight(seller.page);
    expect((await callApi<{ status: string }>(buyer.page, 'GET', `/api/products/${kept.id}`)).body.status).toBe('sold');
  }, 150_000);
});
