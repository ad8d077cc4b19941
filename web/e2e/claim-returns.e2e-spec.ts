import type { Browser } from 'playwright-core';
import { callApi, listProduct, memberPays, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, shot, unique } from './browser';

/*
 * The return step in the browser: support refunds a claim with the item back first; the buyer's order says the
 * money is frozen until the item is back and takes the return's tracking; the seller confirms it arrived; the buyer
 * is refunded. 1280 and 390 px, axe on every state; screenshots to SHOTS_DIR.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([1280, 390])('a return before the refund at %i px', (width) => {
  it('support asks for the item back, the buyer sends it with tracking, the seller confirms: refunded', async () => {
    const [seller, buyer, agent] = await Promise.all([newPerson(browser), newPerson(browser), newPerson(browser)]);
    for (const person of [seller, buyer, agent]) await person.page.setViewportSize({ width, height: 900 });
    await registerPerson(seller.page, 'Selma');
    await registerPerson(buyer.page, 'Boris');
    const { username } = await registerPerson(agent.page, 'Ruth');
    const { setUserRole } = (await import('../../scripts/support-grant.mjs')) as {
      setUserRole: (url: string, username: string, role: string) => Promise<unknown>;
    };
    await setUserRole(process.env.E2E_DATABASE_URL!, username, 'support');
    const product = await listProduct(seller.page, `Woven basket ${unique()}`);
    const orderId = await memberPays(buyer.page, product.id);
    await callApi(seller.page, 'POST', `/api/orders/${orderId}/ship`, { carrier: 'UPS' });
    await callApi(buyer.page, 'POST', `/api/orders/${orderId}/claims`, {
      reason: 'not_as_described',
      description: 'Plastic, not rattan.',
    });

    // Support decides: refund, with the item back first.
    await agent.page.goto('/support/claims');
    const item = agent.page.getByRole('listitem').filter({ hasText: product.title });
    await item.getByRole('button', { name: 'Decide' }).click();
    const decide = agent.page.getByRole('dialog', { name: 'Decide the claim' });
    await decide.getByLabel('Refund the buyer').check();
    await decide.getByRole('checkbox', { name: /Ask for the item back first/ }).check();
    await decide.getByLabel(/^Reason/).fill('Not as described: the basket goes back, then the refund.');
    expect(await axeViolations(agent.page)).toEqual([]);
    await shot(agent.page, 'return-decide');
    await decide.getByRole('button', { name: 'Decide' }).click();
    await item.getByText('Refund once the item is back').waitFor();

    // The buyer is asked to send it back, and told what happens to the money.
    await buyer.page.goto(`/orders/${orderId}`);
    await buyer.page.getByText('Return needed before the refund.').waitFor();
    await buyer.page.getByText('Send it back by').first().waitFor();
    expect(await axeViolations(buyer.page)).toEqual([]);
    await shot(buyer.page, 'return-buyer-asked');
    await buyer.page.getByRole('button', { name: 'Send It Back' }).click();
    const send = buyer.page.getByRole('dialog', { name: 'Send the item back' });
    await send.getByText('you get $24.50 back').waitFor();
    await send.getByLabel(/^Carrier/).fill('UPS');
    await send.getByRole('button', { name: 'Send It Back' }).click();
    await send.getByText('Tracking number is required').waitFor();
    await send.getByLabel(/^Tracking number/).fill('1Z 999 AA1');
    expect(await axeViolations(buyer.page)).toEqual([]);
    await send.getByRole('button', { name: 'Send It Back' }).click();
    await buyer.page.getByText('Return sent: the seller confirms when it arrives').waitFor();
    await buyer.page.getByText('Item on its way back').waitFor();

    // The seller confirms it arrived; the dialog says the buyer gets it all back and the seller nothing.
    await seller.page.goto(`/orders/${orderId}`);
    await seller.page.getByText('tracking 1Z 999 AA1', { exact: false }).waitFor();
    await seller.page.getByRole('button', { name: 'Item Received' }).click();
    const received = seller.page.getByRole('dialog', { name: 'Is the item back with you?' });
    await received.getByText('The buyer is refunded $24.50 in full and you receive nothing').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'return-seller-confirm');
    await received.getByRole('button', { name: 'Yes, Refund the Buyer' }).click();
    await seller.page.getByText('Return confirmed: the buyer is refunded').waitFor();
    await seller.page.getByText('Item back with the seller').waitFor();
    expect(await axeViolations(seller.page)).toEqual([]);
    await shot(seller.page, 'return-refunded');

    const order = await callApi<{ status: string }>(buyer.page, 'GET', `/api/orders/${orderId}`);
    expect(order.body.status).toBe('refunded');
    await Promise.all([seller.context.close(), buyer.context.close(), agent.context.close()]);
  });
});
