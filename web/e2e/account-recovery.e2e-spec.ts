import type { Browser, Page } from 'playwright-core';
import { callApi, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, forgetSession, launchBrowser } from './browser';
import { mailedPath } from './mail';

/**
 * "Forgot password?" and address verification in Chromium at desktop and phone size, with every link read
 * from the mail MailDev caught (its REST API), as a person would click it.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function openSignIn(page: Page) {
  const header = page.getByRole('banner');
  const signIn = header.getByRole('button', { name: 'Sign In' });
  const menu = header.getByRole('button', { name: /menu/i });
  // Desktop shows Sign In in the header; a phone keeps it in the menu.
  await signIn.or(menu).first().waitFor();
  if (!(await signIn.isVisible())) await menu.click();
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  // A dialog not found could be a lost tap, a dialog closed again or one hidden behind the menu: the failure says
  // which by what the page showed instead.
  await dialog.waitFor({ timeout: 20_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message}\nThe page's accessibility tree:\n${await page.locator('body').ariaSnapshot()}`);
  });
  return dialog;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/account-recovery-${name}.png`, fullPage: false });
}

describe.each(SIZES)('the account at $name size', ({ name, width, height }) => {
  it('verifies the address from the mailed link; the banner goes away', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
    const page = await context.newPage();
    const { username } = await registerPerson(page, 'Vera');
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await banner.getByText('Please verify your e-mail address').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-banner`);

    await page.goto(await mailedPath(`${username}@example.com`, /Verify your e-mail/, '/verify-email'));
    await page.getByText('your e-mail address is verified').waitFor();
    expect(page.url()).not.toContain('token=');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-verified`);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await banner.count()).toBe(0);

    // A link used twice says so in a sentence.
    await page.goto(await mailedPath(`${username}@example.com`, /Verify your e-mail/, '/verify-email'));
    await page.getByText('This link is invalid or has expired').waitFor();
    await context.close();
  });

  it('resets a forgotten password from the Sign In dialog and signs in with the new one', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
    const page = await context.newPage();
    const { username } = await registerPerson(page, 'Remy');
    await forgetSession({ context, page });
    await page.goto('/');

    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('Invalid email address').waitFor();
    await forgot.getByLabel('Email').fill(`${username}@example.com`);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('If an account uses that address').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-forgot-sent`);
    await forgot.getByRole('button', { name: 'Close' }).click();

    await page.goto(
      await mailedPath(`${username}@example.com`, /Reset your Souvenir Swap password/, '/reset-password'),
    );
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(page.url()).not.toContain('token=');
    await page.getByLabel('New password').fill('123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('New password').fill('new-secret-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-reset-done`);

    await page.getByRole('button', { name: 'Sign In' }).last().click();
    const again = page.getByRole('dialog', { name: 'Sign In' });
    await again.getByLabel('Username').fill(username);
    await again.getByLabel('Password').fill('new-secret-9');
    await again.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back!').waitFor();
    expect((await callApi<{ username: string }>(page, 'GET', '/api/auth/me')).body.username).toBe(username);
    await context.close();
  });
});
