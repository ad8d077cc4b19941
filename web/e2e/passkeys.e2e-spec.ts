import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, registerPerson } from './actors';
import { axeViolations } from './axe';
import { baseUrl, forgetSession, launchBrowser } from './browser';

/**
 * Passkeys in Chromium at desktop and phone size, with Chromium's virtual authenticator (a platform authenticator
 * with resident keys and user verification, driven through the DevTools protocol): add a passkey on the account page,
 * sign out, sign in with it from the Sign In dialog, then remove it with the password.
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

/**
 * The site on `localhost`: a WebAuthn RP ID is a host name, never an IP address, and the browser tests' stack says
 * PUBLIC_URL is http://localhost:<port>.
 */
const siteUrl = () => baseUrl().replace('127.0.0.1', 'localhost');

async function withVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

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
  await page.screenshot({ path: `/tmp/passkeys-${name}.png`, fullPage: false });
}

describe.each(SIZES)('passkeys at $name size', ({ name, width, height }) => {
  it('adds a passkey on the account page, signs in with it after signing out, and removes it', async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), viewport: { width, height } });
    const page = await context.newPage();
    await withVirtualAuthenticator(context, page);
    const { id } = await registerPerson(page, 'Pia');
    await page.goto('/account');

    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Name (optional)').fill('Test laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added').waitFor();
    const list = section.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Test laptop').waitFor();
    await list.getByText(/not used yet/).waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-added`);

    await forgetSession({ context, page });
    await page.goto('/');
    expect((await callApi(page, 'GET', '/api/auth/me')).status).toBe(401);
    const signIn = await openSignIn(page);
    const passkeyButton = signIn.getByRole('button', { name: 'Use a passkey' });
    await passkeyButton.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-sign-in`);
    await passkeyButton.click();
    await page.getByText('Welcome back!').waitFor();
    const me = await callApi<{ id: string }>(page, 'GET', '/api/auth/me');
    expect(me).toMatchObject({ status: 200, body: { id } });

    await page.goto('/account');
    await list.getByText(/last used/).waitFor();
    await section.getByRole('button', { name: 'Remove Test laptop' }).click();
    const removeForm = section.getByRole('form', { name: 'Remove Test laptop' });
    await removeForm.getByLabel('Password').fill('not-my-password');
    await removeForm.getByRole('button', { name: 'Remove passkey' }).click();
    await removeForm.getByText('Your current password is incorrect').waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `${name}-remove`);
    await removeForm.getByLabel('Password').fill('secret1');
    await removeForm.getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText('Passkey removed').waitFor();
    expect(await list.count()).toBe(0);
    await context.close();
  });
});
