import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson, unique } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function join(page: Page, username: string, firstName: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'List Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join' });
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // Validation on submit with the spec's messages...
  await dialog.getByText('Invalid email address').waitFor();
  await dialog.getByText('Password must be at least 6 characters').waitFor();
  await dialog.getByLabel('First Name').fill(firstName);
  // ...then on change.
  await dialog.getByText('First name is required').waitFor({ state: 'detached' });
  await dialog.getByLabel('Last Name').fill('Traveller');
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill('secret1');
  await dialog.getByLabel('Location (optional)').fill('Lisbon, Portugal');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Account created successfully!').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('account', () => {
  it('joins, signs out, signs in again and edits the profile; another person cannot edit it', async () => {
    const { context, page } = await newPerson(browser);
    const username = `ana${unique()}`;
    await join(page, username, 'Ana');
    const header = page.getByRole('banner');
    // The account menu under the avatar holds the profile and Sign Out (the header no longer wraps).
    const account = header.getByRole('button', { name: 'Account: Ana' });
    await account.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Successfully logged out!').waitFor();
    await header.getByRole('button', { name: 'Sign In' }).waitFor();

    await header.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Username').fill(username);
    await signIn.getByLabel('Password').fill('wrong-password');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid username or password').first().waitFor();
    await signIn.getByLabel('Password').fill('secret1');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back!').waitFor();

    await account.click();
    await page.getByRole('menuitem', { name: /^My profile/ }).click();
    await page.getByText(`@${username}`).waitFor();
    const userId = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).id as string);
    const profileUrl = `/profile/${userId}`;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Profile' });
    await edit.getByLabel('First Name').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('First name is required').waitFor();
    await edit.getByLabel('First Name').fill('Anabela');
    await edit.getByLabel('Location').fill('Porto, Portugal');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.getByRole('heading', { name: /Anabela Traveller/ }).waitFor();
    await page.getByText('Porto, Portugal').first().waitFor();

    // Someone else opens the same profile: no Edit Profile, and the server refuses an edit anyway.
    const second = await newPerson(browser);
    await join(second.page, `bob${unique()}`, 'Bob');
    await second.page.goto(profileUrl);
    await second.page.getByRole('heading', { name: /Anabela Traveller/ }).waitFor();
    expect(await second.page.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
    const status = await second.page.evaluate(async (id) => {
      const res = await fetch(`/api/users/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Hacked', lastName: 'X' }),
      });
      return res.status;
    }, userId);
    expect(status).toBe(403);
    await second.context.close();
    await context.close();
  });

  it('shows the 404 page for an unknown route', async () => {
    const { context, page } = await newPerson(browser);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText(/We could not find this page/).waitFor();
    expect(await page.getByText(/router/).count()).toBe(0);
    await context.close();
  });
});
