import { mkdirSync } from 'node:fs';
import { eventually } from '@souvenir/testing';
import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { forgetSession, launchBrowser, newPerson, unique } from './browser';
import { withoutLiveStream } from './without-live-stream';

// "Accessible and correct": the app finishes what a person started and says what happened, instead of
// silently doing nothing (a refused photo, a sold item, a message read while its thread is open, a sign-in midway).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = '/tmp/shots21';

/** The `name` of the focused form field (the sell form's fields are named after the listing's properties). */
const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? null);

/** Whether the focused element is on screen (below the sticky header, above the bottom edge). */
const focusedInView = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement?.getBoundingClientRect();
    return !!box && box.top >= 64 && box.bottom <= window.innerHeight;
  });

/** `buyerPage`'s person buys the product by card (test mode, through the API): the order's id. */
async function buys(buyerPage: Page, productId: string): Promise<string> {
  const guestInfo = {
    billingStreet: '1 Main St',
    billingCity: 'Springfield',
    billingZip: '10001',
    sameAsDelivery: true,
  };
  const intent = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    buyerPage,
    'POST',
    '/api/create-payment-intent',
    { productId, amount: '24.50', guestInfo },
  );
  expect(intent.status).toBe(200);
  const card = {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    postalCode: '10001',
  };
  expect(
    (await callApi(buyerPage, 'POST', '/api/payments/test-confirm', { clientSecret: intent.body.clientSecret, card }))
      .status,
  ).toBe(200);
  const paid = await callApi<{ orderId: string }>(buyerPage, 'POST', '/api/payments/reconcile', {
    paymentIntentId: intent.body.paymentIntentId,
  });
  expect(paid.status).toBe(200);
  return paid.body.orderId;
}

describe('the sell form says what is wrong with a photo, and where', () => {
  it('refuses a link that is not a web address or not an image under the field, and List Item focuses the first problem', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Pia');
    await seller.page.goto('/sell');
    const photoUrl = seller.page.getByRole('textbox', { name: 'Image URL' });
    const add = seller.page.getByRole('button', { name: 'Add', exact: true });

    await photoUrl.fill('my-holiday-photo.jpg');
    await add.click();
    await seller.page.getByText('Image URLs must start with http:// or https://').waitFor();
    expect(await focusedName(seller.page)).toBe('images');
    expect(await photoUrl.getAttribute('aria-invalid')).toBe('true');
    await seller.page.getByText('No photos yet').waitFor();

    // A web address that answers with a page (the app's own not-found page), not an image.
    const origin = new URL(seller.page.url()).origin;
    await photoUrl.fill(`${origin}/holiday/not-a-photo.jpg`);
    await seller.page.getByText('Image URLs must start with http:// or https://').waitFor({ state: 'detached' });
    await add.click();
    await seller.page.getByText('This link does not open as an image').waitFor();
    expect(await focusedName(seller.page)).toBe('images');
    await seller.page.getByText('No photos yet').waitFor();

    // List Item with nothing filled: the first field, the title, gets the focus; the toast says why nothing happened.
    await photoUrl.fill('');
    await seller.page.getByRole('button', { name: 'List Item' }).click();
    await seller.page.getByText('Please check your form and try again').waitFor();
    await eventually(async () => expect(await focusedName(seller.page)).toBe('title'), 3000);

    await seller.page.getByRole('textbox', { name: 'Title' }).fill('Hand-woven Andean table runner');
    await seller.page
      .getByRole('textbox', { name: 'Description' })
      .fill('Woven by a cooperative near Cusco, in alpaca wool.');
    await seller.page.getByRole('combobox', { name: /^Category/ }).click();
    await seller.page.getByRole('option', { name: 'Textiles' }).click();
    await seller.page.getByRole('combobox', { name: /^Condition/ }).click();
    await seller.page.getByRole('option', { name: 'Like New' }).click();
    await seller.page.getByRole('combobox', { name: /^Country of Origin/ }).fill('Peru');
    await seller.page.getByRole('spinbutton', { name: /^Price/ }).fill('39');
    // Only the photos are missing, far below the top of the page: List Item scrolls to them and focuses the link field.
    await seller.page.evaluate(() => window.scrollTo(0, 0));
    await seller.page.getByRole('button', { name: 'List Item' }).click();
    await seller.page.getByText('At least one image is required').waitFor();
    await eventually(async () => {
      expect(await focusedName(seller.page)).toBe('images');
      expect(await focusedInView(seller.page)).toBe(true);
    }, 3000);

    await photoUrl.fill(`${origin}/placeholder.svg`);
    await add.click();
    await seller.page.getByRole('img', { name: 'Photo 1' }).waitFor();
    // Contents is required, with nothing ticked for the seller.
    await seller.page.getByTestId('contents-checklist').getByLabel('None of these').check();
    await seller.page.getByRole('button', { name: 'List Item' }).click();
    await seller.page.getByText('Product listed successfully!').waitFor();
    await seller.page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
    await seller.context.close();
  });
});

describe('an open thread reads what arrives in it', () => {
  it('a message that arrives while its thread is open is marked read: the badge and the API say 0', async () => {
    const seller = await newPerson(browser);
    // With the spec's polling, as when the live stream is down (web/e2e/live.e2e-spec.ts has the stream).
    await withoutLiveStream(seller.context);
    const sellerUser = await registerPerson(seller.page, 'Ines');
    const product = await listProduct(seller.page, `Azulejo tile ${unique()}`);
    const buyer = await newPerson(browser);
    const buyerUser = await registerPerson(buyer.page, 'Joao');
    const send = (content: string) =>
      callApi(buyer.page, 'POST', '/api/messages', { toUserId: sellerUser.id, productId: product.id, content });
    expect((await send('Hello, is the tile still available?')).status).toBe(201);

    await seller.page.goto(`/messages?user=${buyerUser.id}&product=${product.id}`);
    const thread = seller.page.getByRole('log', { name: /^Messages with/ });
    await thread.getByText('Hello, is the tile still available?').waitFor();
    await seller.page.getByRole('link', { name: 'Messages', exact: true }).waitFor({ timeout: 10_000 });

    // When each view first brought the new message: the list (polled every 3 s) usually learns of it first, and the
    // open thread then reads at once instead of at its own next poll (every 5 s), which is what marks it read.
    const firstSeen: Record<'list' | 'thread', number | undefined> = { list: undefined, thread: undefined };
    seller.page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const view =
        pathname === '/api/messages/conversations'
          ? 'list'
          : pathname === `/api/messages/${buyerUser.id}`
            ? 'thread'
            : null;
      if (!view) return;
      const at = Date.now();
      void response.text().then(
        (body) => {
          if (body.includes('ship it to Lisbon') && firstSeen[view] === undefined) firstSeen[view] = at;
        },
        () => undefined,
      );
    });
    // Sent just after a poll of the thread, so that the list (3 s) learns of it well before the thread's next poll (5 s).
    await seller.page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/messages/${buyerUser.id}`,
    );
    expect((await send('And could you ship it to Lisbon?')).status).toBe(201);
    await thread.getByText('And could you ship it to Lisbon?').waitFor({ timeout: 10_000 });
    await eventually(() => expect(firstSeen.list).toBeDefined(), 5000, 100);
    expect(firstSeen.thread! - firstSeen.list!).toBeLessThan(1500);
    await eventually(
      async () => {
        expect((await callApi<{ count: number }>(seller.page, 'GET', '/api/messages/unread-count')).body.count).toBe(0);
        expect(await seller.page.getByRole('link', { name: 'Messages', exact: true }).count()).toBe(1);
      },
      10_000,
      250,
    );
    // The buyer sees the read mark on it.
    await buyer.page.goto(`/messages?user=${sellerUser.id}&product=${product.id}`);
    await buyer.page
      .getByRole('log', { name: /^Messages with/ })
      .getByText('And could you ship it to Lisbon?')
      .waitFor();
    const marks = buyer.page
      .getByRole('log', { name: /^Messages with/ })
      .getByRole('img', { name: 'Read', exact: true });
    await eventually(async () => expect(await marks.count()).toBe(2), 10_000, 250);
    for (const p of [seller, buyer]) await p.context.close();
  });
});

describe('a sold item says so', () => {
  it('shows Sold to everyone with no way to buy, favourite or ask; its seller gets a link to the order, its buyer to theirs', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Kenji');
    const product = await listProduct(seller.page, `Raku tea bowl ${unique()}`);
    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Lena');
    const orderId = await buys(buyer.page, product.id);
    // Shipped at once: an unshipped order is cancelled (and the item relisted) within half a minute in these tests.
    expect((await callApi(seller.page, 'POST', `/api/orders/${orderId}/ship`, { carrier: 'Japan Post' })).status).toBe(
      200,
    );
    await eventually(
      async () =>
        expect((await callApi<{ status: string }>(seller.page, 'GET', `/api/products/${product.id}`)).body.status).toBe(
          'sold',
        ),
      15_000,
      250,
    );

    await seller.page.goto(`/product/${product.id}`);
    await seller.page.getByRole('heading', { name: product.title }).waitFor();
    const orderLink = seller.page.getByRole('link', { name: 'View the order' });
    await orderLink.waitFor();
    expect(await orderLink.getAttribute('href')).toBe(`/orders/${orderId}`);
    await seller.page.getByText('You sold this souvenir').waitFor();
    expect(await seller.page.getByRole('button', { name: 'Remove Listing' }).count()).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    await seller.page.screenshot({ path: `${SHOTS}/sold-owner-1280.png`, fullPage: true });
    await seller.page.setViewportSize({ width: 390, height: 844 });
    await seller.page.getByText('You sold this souvenir').waitFor();
    await seller.page.screenshot({ path: `${SHOTS}/sold-owner-390.png`, fullPage: true });
    await orderLink.click();
    await seller.page.waitForURL(`**/orders/${orderId}`);
    await seller.page.getByText(product.title).first().waitFor();

    await buyer.page.goto(`/product/${product.id}`);
    const purchaseLink = buyer.page.getByRole('link', { name: 'View your order' });
    await purchaseLink.waitFor();
    expect(await purchaseLink.getAttribute('href')).toBe(`/orders/${orderId}`);

    const stranger = await newPerson(browser);
    await stranger.page.goto(`/product/${product.id}`);
    await stranger.page.getByRole('heading', { name: product.title }).waitFor();
    await stranger.page.getByText('This souvenir has found a new home and is no longer for sale.').waitFor();
    await stranger.page.screenshot({ path: `${SHOTS}/sold-stranger-1280.png`, fullPage: true });
    for (const name of ['Buy Now', 'Sign In', `Add ${product.title} to favorites`]) {
      expect(await stranger.page.getByRole('main').getByRole('button', { name }).count()).toBe(0);
    }
    expect(await stranger.page.getByText('Please log in to contact the seller').count()).toBe(0);
    expect(await stranger.page.getByRole('link', { name: /order/ }).count()).toBe(0);
    for (const p of [seller, buyer, stranger]) await p.context.close();
  });
});

describe('signing in finishes what the person was doing', () => {
  it('a guest who clicks List Item and joins lands on the sell form; joining after switching to Sign In does too', async () => {
    const guest = await newPerson(browser);
    await guest.page.goto('/');
    await guest.page.getByRole('banner').getByRole('button', { name: 'List Item' }).click();
    const join = guest.page.getByRole('dialog', { name: 'Join' });
    const username = `nadia${unique()}`;
    await join.getByLabel('First Name').fill('Nadia');
    await join.getByLabel('Last Name').fill('Tester');
    await join.getByLabel('Email').fill(`${username}@example.com`);
    await join.getByLabel('Username').fill(username);
    await join.getByLabel('Password').fill('secret1');
    await join.getByRole('button', { name: 'Create Account' }).click();
    await guest.page.waitForURL('**/sell');
    await guest.page.getByRole('textbox', { name: 'Title' }).waitFor();

    // A member who signs in from the Join dialog (List Item, then "Sign in") is taken there too.
    const member = await newPerson(browser);
    const { username: memberName } = await registerPerson(member.page, 'Omar');
    await forgetSession(member);
    await member.page.goto('/categories');
    await member.page.getByRole('banner').getByRole('button', { name: 'List Item' }).click();
    await member.page.getByRole('dialog', { name: 'Join' }).getByRole('button', { name: 'Sign in' }).click();
    const signIn = member.page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Username').fill(memberName);
    await signIn.getByLabel('Password').fill('secret1');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await member.page.waitForURL('**/sell');
    await member.page.getByRole('textbox', { name: 'Title' }).waitFor();

    // Signing in from the header's Sign In (no intent) stays on the page.
    await forgetSession(member);
    await member.page.goto('/how-it-works');
    await member.page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await signIn.getByLabel('Username').fill(memberName);
    await signIn.getByLabel('Password').fill('secret1');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await member.page.getByText('Welcome back!').waitFor();
    expect(new URL(member.page.url()).pathname).toBe('/how-it-works');
    for (const p of [guest, member]) await p.context.close();
  });

  it("a guest's heart asks them to sign in, and the product is their favourite once they have", async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Aiko');
    const tag = unique();
    const product = await listProduct(seller.page, `Daruma doll ${tag}`);
    const member = await newPerson(browser);
    const { username } = await registerPerson(member.page, 'Ben');
    await forgetSession(member);

    await member.page.goto(`/?search=${tag}`);
    await member.page.getByRole('button', { name: `Add ${product.title} to favorites` }).click();
    await member.page.getByText('You need to be logged in to add favorites').waitFor();
    const signIn = member.page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Username').fill(username);
    await signIn.getByLabel('Password').fill('secret1');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await member.page.getByText('Added to favorites').waitFor();
    // The heart stays set after every list reloads for the member.
    await member.page.getByRole('button', { name: `Remove ${product.title} from favorites` }).waitFor();
    await member.page.waitForTimeout(1500);
    expect(
      await member.page
        .getByRole('button', { name: `Remove ${product.title} from favorites` })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    const favourites = await callApi<{ id: string }[]>(member.page, 'GET', '/api/favorites');
    expect(favourites.body.map((p) => p.id)).toEqual([product.id]);

    // Dismissing the dialog drops the intent: a later sign-in from the header favourites nothing.
    const other = await newPerson(browser);
    const { username: otherName } = await registerPerson(other.page, 'Cleo');
    await forgetSession(other);
    await other.page.goto(`/product/${product.id}`);
    await other.page.getByRole('button', { name: `Add ${product.title} to favorites` }).click();
    await other.page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('dialog', { name: 'Sign In' }).waitFor({ state: 'hidden' });
    await other.page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const otherSignIn = other.page.getByRole('dialog', { name: 'Sign In' });
    await otherSignIn.getByLabel('Username').fill(otherName);
    await otherSignIn.getByLabel('Password').fill('secret1');
    await otherSignIn.getByRole('button', { name: 'Sign In' }).click();
    await other.page.getByText('Welcome back!').waitFor();
    await other.page.getByRole('button', { name: `Add ${product.title} to favorites` }).waitFor();
    expect((await callApi<unknown[]>(other.page, 'GET', '/api/favorites')).body).toEqual([]);
    for (const p of [seller, member, other]) await p.context.close();
  });
});
