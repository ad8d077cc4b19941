import type { Page } from 'playwright-core';
import { browserWorld, callApi, listProduct } from './actors';
import { axeViolations } from './axe';
import { shot, unique } from './browser';
import { fromNewestMail } from './mail';

/*
 * The Notifications section of the account page at phone and desktop size: kinds × channels as switches (the locked
 * ones disabled, saying why), quiet hours and the digest, saved with the toast and kept after a reload; and the page a
 * real mail's unsubscribe link opens, which turns that kind of e-mail off with one button. Axe on every state.
 * Screenshots go to SHOTS_DIR when it is set.
 */
const world = browserWorld();

const SIZES = [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const;

/** The List-Unsubscribe link of the newest mail to `address` whose subject matches, once it has arrived. */
function unsubscribeLink(address: string, subject: RegExp): Promise<string> {
  return fromNewestMail(address, subject, async (mail, maildev) => {
    // Long header lines are folded onto the next line (RFC 5322): unfolded before reading.
    const source = (await (await fetch(`${maildev}/api/email/${mail.id}/source`)).text()).replace(/\r?\n[ \t]+/g, ' ');
    return /^List-Unsubscribe:\s*<([^>]+)>/im.exec(source)?.[1];
  });
}

const settingsOf = async (page: Page) =>
  (
    await callApi<{ kinds: Record<string, { inApp: boolean; email: boolean }>; digest: string; quietHours: unknown }>(
      page,
      'GET',
      '/api/me/notification-settings',
    )
  ).body;

describe.each(SIZES)('notification settings at %s size', (size, width, height) => {
  it('shows kinds × channels, keeps locked ones on, and saves switches, quiet hours and the digest', async () => {
    const { page } = await world.member('Noa', { location: 'Lisbon, Portugal', width, height });
    await page.goto('/account');
    const section = page.getByRole('form', { name: 'Notifications' });
    await section.getByRole('switch', { name: 'Messages: E-mail' }).waitFor();

    const securityMail = section.getByRole('switch', { name: 'Account security: E-mail' });
    expect(await securityMail.isChecked()).toBe(true);
    expect(await securityMail.isDisabled()).toBe(true);
    expect(await section.getByText('Always on, to keep your account safe').isVisible()).toBe(true);
    expect(await section.getByRole('switch', { name: 'Orders and payments: E-mail' }).isDisabled()).toBe(true);
    expect(await section.getByRole('switch', { name: 'News and tips: E-mail' }).isChecked()).toBe(false);
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `notification-settings-${size}`);

    await section.getByRole('switch', { name: 'Reviews: E-mail' }).click();
    await section.getByRole('switch', { name: 'Offers: In the app' }).click();
    await section.getByRole('switch', { name: 'Quiet hours for e-mail' }).click();
    await section.getByLabel('From').fill('21:30');
    await section.getByLabel('Until').fill('07:45');
    await section.getByRole('radio', { name: 'One e-mail a day with all new messages' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `notification-settings-edited-${size}`);
    await section.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Notification settings saved' }).waitFor();

    const saved = await settingsOf(page);
    expect(saved.kinds.reviews).toEqual({ inApp: true, email: false });
    expect(saved.kinds.offers).toEqual({ inApp: false, email: true });
    expect(saved.digest).toBe('daily');
    expect(saved.quietHours).toMatchObject({ start: '21:30', end: '07:45' });

    await page.reload();
    await section.getByRole('switch', { name: 'Reviews: E-mail' }).waitFor();
    expect(await section.getByRole('switch', { name: 'Reviews: E-mail' }).isChecked()).toBe(false);
    expect(await section.getByLabel('From').inputValue()).toBe('21:30');
    expect(await section.getByRole('radio', { name: 'One e-mail a day with all new messages' }).isChecked()).toBe(true);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  it("a real mail's unsubscribe link opens a page whose button turns that kind of e-mail off, signed out", async () => {
    const seller = await world.member('Sol', { location: 'Porto, Portugal', width, height });
    const product = await listProduct(seller.page, `Azulejo tile ${unique()}`);
    const buyer = await world.member('Bia', { location: 'Braga, Portugal', width, height });
    const sent = await callApi(buyer.page, 'POST', '/api/messages', {
      toUserId: seller.id,
      productId: product.id,
      content: 'Is the tile still available?',
    });
    expect(sent.status).toBe(201);
    const link = await unsubscribeLink(`${seller.username}@example.com`, /sent you a message/);

    // Opened in a browser without the seller's session, as from a mail app.
    const reader = await world.person({ width, height });
    await reader.page.goto(new URL(link).pathname);
    await reader.page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
    expect(new URL(reader.page.url()).pathname).toBe('/unsubscribe');
    expect(reader.page.url()).not.toContain('token=');
    expect(await axeViolations(reader.page)).toEqual([]);
    await shot(reader.page, `unsubscribe-${size}`);
    await reader.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader.page.getByRole('status').filter({ hasText: 'no longer get e-mails about messages' }).waitFor();
    expect(await axeViolations(reader.page)).toEqual([]);
    await shot(reader.page, `unsubscribed-${size}`);
    expect((await settingsOf(seller.page)).kinds.messages).toEqual({ inApp: true, email: false });
  });
});
