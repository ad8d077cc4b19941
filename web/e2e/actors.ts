import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPerson, unique, type PersonOptions } from './browser';

/** Someone at a browser of their own: its profile (cookies) and its page. */
export interface Person {
  context: BrowserContext;
  page: Page;
}

/** A person who has joined and is signed in: their user id and username too. */
export interface Member extends Person {
  id: string;
  username: string;
}

export interface BrowserWorld {
  /** A person in a fresh browser profile, signed out, at the size asked for (desktop unless told), locale en-US. */
  person(size?: Omit<PersonOptions, 'locale'>): Promise<Person>;
  /** A person who has just joined (`registerPerson`) and is signed in; `location` is where they live. */
  member(firstName: string, options?: Omit<PersonOptions, 'locale'> & { location?: string }): Promise<Member>;
}

/**
 * The set-up of a browser spec: one Chromium launched before the spec's tests and closed after them, and its people,
 * each in a browser profile of their own, closed after the test that opened them.
 */
export function browserWorld(): BrowserWorld {
  let browser: Browser | undefined;
  const open: Person[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const person of open.splice(0)) await person.context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const person: BrowserWorld['person'] = async (size = {}) => {
    if (!browser) throw new Error('browserWorld: a person is asked for before the browser started (beforeAll)');
    const someone = await newPerson(browser, { ...size, locale: 'en-US' });
    open.push(someone);
    return someone;
  };
  return {
    person,
    async member(firstName, { location, ...size } = {}) {
      const someone = await person(size);
      return { ...someone, ...(await registerPerson(someone.page, firstName, location)) };
    },
  };
}

/** Calls the API from the page, so the session cookie lands in that person's browser. */
export async function callApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  if (page.url() === 'about:blank') await page.goto('/how-it-works');
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: b ? { 'Content-Type': 'application/json' } : {},
        body: b ? JSON.stringify(b) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    [method, path, body] as const,
  );
}

/**
 * Registers (and so signs in) a new person in this browser; `location` is where they live, which is also where their
 * listings ship from.
 */
export async function registerPerson(
  page: Page,
  firstName: string,
  location = 'United States',
): Promise<{ id: string; username: string }> {
  const username = `${firstName.toLowerCase()}${unique()}`;
  const res = await callApi<{ id: string }>(page, 'POST', '/api/auth/register', {
    email: `${username}@example.com`,
    password: 'secret1',
    username,
    firstName,
    lastName: 'Tester',
    location,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return { id: res.body.id, username };
}

/** Lists a souvenir as the signed-in person of this page. */
export async function listProduct(
  page: Page,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; title: string }> {
  const res = await callApi<{ id: string }>(page, 'POST', '/api/products', {
    title,
    description: 'A handmade keepsake carried home in hand luggage, in lovely condition.',
    price: 24.5,
    condition: 'like-new',
    category: 'Art & Crafts',
    country: 'Thailand',
    images: [`${new URL(page.url()).origin}/placeholder.svg`],
    isCustomsVerified: true,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`listing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, title };
}

/** Pays as the checkout page does: the intent, the test card, then the reconcile call the success page makes. */
async function payAsCheckoutDoes(
  page: Page,
  body: Record<string, unknown>,
  asGuest: boolean,
): Promise<{ status: string; orderId: string }> {
  const intent = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    page,
    'POST',
    '/api/create-payment-intent',
    body,
  );
  if (intent.status !== 200) throw new Error(`intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '10001' };
  await callApi(page, 'POST', '/api/payments/test-confirm', { clientSecret: intent.body.clientSecret, card });
  const paid = await callApi<{ status: string; orderId: string }>(page, 'POST', '/api/payments/reconcile', {
    paymentIntentId: intent.body.paymentIntentId,
    // A guest proves the payment is theirs with its client secret; a member by their session.
    ...(asGuest ? { clientSecret: intent.body.clientSecret } : {}),
  });
  if (paid.body.status !== 'paid') throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  return paid.body;
}

const SHIPPING = { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true };

/** The signed-in member of `page` buys `productId` as the checkout page does; answers the order id. */
export async function memberPays(page: Page, productId: string, amount = 24.5): Promise<string> {
  return (await payAsCheckoutDoes(page, { productId, amount, guestInfo: SHIPPING }, false)).orderId;
}

/** A guest (no session in `page`) buys `productId` as the checkout page does; answers the address they paid with. */
export async function guestPays(page: Page, productId: string, amount = 24.5): Promise<string> {
  const email = `guest-${unique()}@example.com`;
  const guestInfo = { ...SHIPPING, email, firstName: 'Gia', lastName: 'Guest' };
  await payAsCheckoutDoes(page, { productId, amount, guestInfo }, true);
  return email;
}
