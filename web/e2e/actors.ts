import type { Page } from 'playwright-core';
import { unique } from './browser';

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

/**
 * The signed-in member of `page` buys `productId` as the checkout page does (the test card, the shipping form,
 * then the reconcile call the success page makes); answers the order id.
 */
export async function memberPays(page: Page, productId: string, amount = 24.5): Promise<string> {
  const shipping = {
    billingStreet: '1 Main St',
    billingCity: 'Springfield',
    billingZip: '10001',
    sameAsDelivery: true,
  };
  const intent = await callApi<{ clientSecret: string; paymentIntentId: string }>(
    page,
    'POST',
    '/api/create-payment-intent',
    { productId, amount, guestInfo: shipping },
  );
  if (intent.status !== 200) throw new Error(`intent failed: ${intent.status} ${JSON.stringify(intent.body)}`);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', postalCode: '10001' };
  await callApi(page, 'POST', '/api/payments/test-confirm', { clientSecret: intent.body.clientSecret, card });
  const paid = await callApi<{ status: string; orderId: string }>(page, 'POST', '/api/payments/reconcile', {
    paymentIntentId: intent.body.paymentIntentId,
  });
  if (paid.body.status !== 'paid') throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  return paid.body.orderId;
}
