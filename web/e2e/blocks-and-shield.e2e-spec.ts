import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { axeViolations } from './axe';
import { launchBrowser, newPerson, shot, unique } from './browser';

/**
 * Trust and safety in the browser, at phone and desktop widths: a message with contact details reads masked to its
 * recipient with the warning about paying outside the site; a member blocks someone from their profile (after a
 * confirmation), finds them under Blocked people in Account settings, and unblocks them there.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const setWidth = (page: Page, width: number) => page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

describe.each([390, 1280])('at %i px', (width) => {
  it('shows a message with contact details masked, with its warning, to the recipient and the warning to its sender', async () => {
    const seller = await newPerson(browser);
    await setWidth(seller.page, width);
    const rosa = await registerPerson(seller.page, 'Rosa');
    const product = await listProduct(seller.page, `Hand-painted bowl ${unique()}`);
    const buyer = await newPerson(browser);
    await setWidth(buyer.page, width);
    const tom = await registerPerson(buyer.page, 'Tom');
    const sent = await callApi<{ content: string; flags?: string[] }>(buyer.page, 'POST', '/api/messages', {
      toUserId: rosa.id,
      productId: product.id,
      content: 'Cheaper outside the site: call me on +44 7911 123456 or pay at paypal.me/tomtester',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.flags).toEqual(['contact-details']);

    await seller.page.goto(`/messages?user=${tom.id}&product=${product.id}`);
    const thread = seller.page.getByRole('log', { name: 'Messages with Tom Tester' });
    await thread.getByText('call me on [phone number hidden] or pay at [payment link hidden]').waitFor();
    expect(await seller.page.getByText('+44 7911 123456').count()).toBe(0);
    const warning = thread.getByRole('note').filter({ hasText: 'not covered by buyer protection' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Contact and payment details in this message were hidden');
    await shot(seller.page, 'shield-recipient');
    expect(await axeViolations(seller.page)).toEqual([]);

    // The sender reads their own words, and why the other person won't see them.
    await buyer.page.goto(`/messages?user=${rosa.id}&product=${product.id}`);
    const own = buyer.page.getByRole('log', { name: 'Messages with Rosa Tester' });
    await own.getByText('call me on +44 7911 123456').waitFor();
    await own
      .getByRole('note')
      .filter({ hasText: 'hidden from the other person until you have completed an order together' })
      .waitFor();
    await shot(buyer.page, 'shield-sender');
    await seller.context.close();
    await buyer.context.close();
  });

  it('blocks someone from their profile after a confirmation, and unblocks them from Account settings', async () => {
    const member = await newPerson(browser);
    await setWidth(member.page, width);
    await registerPerson(member.page, 'Ana');
    const other = await newPerson(browser);
    const ben = await registerPerson(other.page, 'Ben');
    await other.context.close();

    await member.page.goto(`/profile/${ben.id}`);
    await member.page.getByRole('heading', { name: 'Ben Tester' }).waitFor();
    await member.page.getByRole('button', { name: 'Block' }).click();
    const dialog = member.page.getByRole('dialog', { name: 'Block Ben?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('They won’t be told');
    await shot(member.page, 'block-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Block' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await member.page.getByRole('button', { name: 'Unblock' }).waitFor();
    expect((await callApi<unknown[]>(member.page, 'GET', '/api/me/blocks')).body).toHaveLength(1);

    await member.page.goto('/account');
    const blocked = member.page.getByRole('list', { name: 'Blocked people' });
    await blocked.getByText('Ben Tester').waitFor();
    await shot(member.page, 'blocked-people');
    expect(await axeViolations(member.page)).toEqual([]);
    await blocked.getByRole('button', { name: 'Unblock Ben Tester' }).click();
    await member.page.getByText('You haven’t blocked anyone.').waitFor();
    expect((await callApi<unknown[]>(member.page, 'GET', '/api/me/blocks')).body).toEqual([]);
    await member.context.close();
  });
});
