import type { Browser, Page } from 'playwright-core';
import { callApi, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, forgetSession, launchBrowser } from './browser';

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

interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The path of the link to `page` in the newest mail to `address` whose subject matches, once it has arrived. */
async function mailedPath(address: string, subject: RegExp, page: string): Promise<string> {
  const maildev = process.env.E2E_MAILDEV_URL;
  if (!maildev) throw new Error('E2E_MAILDEV_URL is not set');
  for (let tries = 0; tries < 200; tries++) {
    const mails = (await (await fetch(`${maildev}/api/email`)).json()) as CaughtMail[];
    const mail = mails.filter((m) => m.to.some((to) => to.address === address) && subject.test(m.subject)).at(-1);
    const link = mail?.text.match(new RegExp(`https?://[^\\s/]+${page}\\?token=[A-Za-z0-9_-]+`))?.[0];
    if (link) return new URL(link).pathname + new URL(link).search;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${subject}" mail to ${address}`);
}

async function openSignIn(page: Page) {
  const header = page.getByRole('banner');
  const signIn = header.getByRole('button', { name: 'Sign In' });
  const menu = header.getByRole('button', { name: /menu/i });
  // Desktop shows Sign In in the header; a phone keeps it in the menu.
  await signIn.or(menu).first().waitFor();
  if (!(await signIn.isVisible())) await menu.click();
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  return page.getByRole('dialog', { name: 'Sign In' });
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
