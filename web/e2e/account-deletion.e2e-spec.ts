import type { Page } from 'playwright-core';
import { browserWorld, callApi, listProduct, memberPays } from './actors';
import { axeViolations } from './axe';
import { shot } from './browser';

/**
 * "Delete my account" in Chromium at desktop and phone size: the dialog explains before it asks, a refusal (an open
 * order) is shown inline, a wrong password on its field; then the person is signed out on the home page with a toast,
 * and the other party of their conversation sees "Deleted user". Screenshots go to SHOTS_DIR when it is set.
 */
const world = browserWorld();

async function openDialog(page: Page) {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.waitFor();
  return dialog;
}

describe.each([1280, 390])('deleting an account at %i px', (width) => {
  it('explains first, shows a refusal inline, then signs out and leaves "Deleted user" behind', async () => {
    const leaving = await world.member('Dora', { width, height: 844 });
    const product = await listProduct(leaving.page, 'Hand-painted tile');
    const other = await world.member('Ben', { width, height: 844 });
    await callApi(other.page, 'POST', '/api/messages', {
      toUserId: leaving.id,
      productId: product.id,
      content: 'Is the tile still available?',
    });
    await callApi(leaving.page, 'POST', '/api/messages', {
      toUserId: other.id,
      productId: product.id,
      content: 'Yes, mail me at dora@example.com',
    });

    // A seller with an open order is told which and what to do, in the dialog.
    const busy = await world.member('Sami', { width, height: 844 });
    const sold = await listProduct(busy.page, 'Brass lantern');
    await memberPays(other.page, sold.id);
    const blocked = await openDialog(busy.page);
    await blocked.getByLabel('Password').fill('secret1');
    await blocked.getByRole('button', { name: 'Delete my account' }).click();
    await blocked
      .getByRole('alert')
      .getByText(/You have 1 open order \(“Brass lantern”\)/)
      .waitFor();
    expect(await axeViolations(busy.page)).toEqual([]);
    await shot(busy.page, 'delete-refused', { fullPage: false });

    const dialog = await openDialog(leaving.page);
    await dialog.getByText('Erased within seconds').waitFor();
    await dialog.getByText(/Kept, without your name or address/).waitFor();
    expect(await axeViolations(leaving.page)).toEqual([]);
    await shot(leaving.page, 'delete-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is required').waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your current password is incorrect').waitFor();
    await dialog.getByLabel('Password').fill('secret1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await leaving.page.getByText('Your account has been deleted').waitFor();
    await leaving.page.waitForURL((url) => url.pathname === '/');
    await shot(leaving.page, 'delete-done', { fullPage: false });
    // Signed out: Sign In is in the header, or in the menu at phone width.
    if (width < 900) await leaving.page.getByRole('button', { name: /^Open menu/ }).click();
    await leaving.page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    expect((await callApi(leaving.page, 'GET', '/api/auth/me')).status).toBe(401);

    await other.page.goto('/messages');
    await other.page.getByText('Deleted user').first().waitFor({ timeout: 15_000 });
    expect(await other.page.getByText('Dora').count()).toBe(0);
    expect(await axeViolations(other.page)).toEqual([]);
    await shot(other.page, 'delete-other-party', { fullPage: false });
  });
});
