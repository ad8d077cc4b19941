import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { callApi, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, forgetSession, launchBrowser } from './browser';

/**
 * Two-step sign-in in Chromium at desktop and phone size: set up on the account page with the code an authenticator
 * app would show (computed here from the key the page shows), then sign out and sign in with a code.
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

/** What the authenticator app shows `stepsAhead` 30-second steps from now. */
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function openSignIn(page: Page) {
  const header = page.getByRole('banner');
  const signIn = header.getByRole('button', { name: 'Sign In' });
  const menu = header.getByRole('button', { name: /menu/i });
  // Desktop shows Sign In in the header; a phone keeps it in the menu.
  await signIn.or(menu).first().waitFor();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  // A tap that lands before the prerendered page has hydrated does nothing: tap again.
  for (let attempt = 0; attempt < 5 && !(await dialog.isVisible()); attempt++) {
    if (!(await signIn.isVisible())) await menu.click();
    await page
      .getByRole('button', { name: 'Sign In' })
      .first()
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await dialog.waitFor({ timeout: 3000 }).catch(() => undefined);
  }
  return dialog;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/two-factor-${name}.png`, fullPage: false });
}

describe.each(SIZES)('two-step sign-in at $name size', ({ name, width, height }) => {
  it('sets up with an authenticator code, shows the recovery codes once, and asks for a code at sign-in', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
    const page = await context.newPage();
    const { username } = await registerPerson(page, 'Tara');
    await page.goto('/account');

    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = section.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    await qr.scrollIntoViewIfNeeded();
    const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-setup`);

    await section.getByLabel('Authentication code').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText('That code is not right').waitFor();
    const enableCode = await codeAt(secret);
    await section.getByLabel('Authentication code').fill(enableCode);
    await section.getByRole('button', { name: 'Turn on' }).click();

    const codes = section.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    const recoveryCode = (await codes.getByRole('listitem').first().textContent())!.trim();
    await codes.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-recovery-codes`);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('Two-step sign-in is on. 10 of 10 recovery codes left.').waitFor();
    expect(await codes.count()).toBe(0);
    await section.getByRole('button', { name: 'Turn off' }).scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-on`);

    await forgetSession({ context, page });
    await page.goto('/');
    const signIn = await openSignIn(page);
    await signIn.getByLabel('Username').fill(username);
    await signIn.getByLabel('Password').fill('secret1');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    const codeField = signIn.getByLabel('Authentication code');
    await codeField.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-sign-in-code`);
    expect((await callApi(page, 'GET', '/api/auth/me')).status).toBe(401);

    // The code used to turn it on cannot be played again.
    await codeField.fill(enableCode);
    await signIn.getByRole('button', { name: 'Verify and sign in' }).click();
    await signIn.getByText('That code is not right').waitFor();
    await codeField.fill(await codeAt(secret, 1));
    await signIn.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Welcome back!').waitFor();
    const me = await callApi<{ username: string; twoFactor: boolean }>(page, 'GET', '/api/auth/me');
    expect(me.body).toMatchObject({ username, twoFactor: true });

    // Payout details change only after a fresh code, asked for in a dialog.
    await page.goto('/profile/payouts');
    await page.getByRole('region', { name: 'Payout account' }).getByRole('button', { name: 'Get paid' }).click();
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByLabel('Authentication code').fill('000000');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await confirm.getByText('That code is not right').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-payout-code`);
    // The app's next code may still be the one just used to sign in: a recovery code works in its place.
    await confirm.getByLabel('Authentication code').fill(recoveryCode);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/payouts\/test-onboarding\/[A-Za-z0-9]+$/);
    await context.close();
  });
});
