import type { Browser, Page } from 'playwright-core';
import { callApi, listProduct, registerPerson } from './actors';
import { launchBrowser, newPerson, unique } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel(/^Card number/).fill(number);
  await form.getByLabel(/^Expiry/).fill('12 / 34');
  await form.getByLabel(/^CVC/).fill('123');
  await form.getByLabel(/^ZIP/).fill('10001');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

describe('checkout', () => {
  it('a guest pays by card: a decline first, then success; the item is sold and the seller sees the order', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Aiko');
    const product = await listProduct(seller.page, `Kutani porcelain cup ${unique()}`, { price: 35.5 });

    const guest = await newPerson(browser);
    await guest.page.goto(`/product/${product.id}`);
    await guest.page.getByRole('link', { name: 'Buy Now' }).click();
    await guest.page.waitForURL(new RegExp(`/checkout\\?product=${product.id}`));
    await guest.page.getByText('Processing fee').waitFor();
    await guest.page.getByText('$35.50').first().waitFor();
    await guest.page.getByRole('button', { name: 'Continue as Guest' }).click();

    const shipping = guest.page.getByRole('form', { name: 'Shipping information' });
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();
    await shipping.getByText('Email is required').waitFor();
    await shipping.getByLabel(/^Email/).fill('guest@example.com');
    await shipping.getByLabel(/^First Name/).fill('Gina');
    await shipping.getByLabel(/^Last Name/).fill('Guest');
    await shipping
      .getByLabel(/^Street Address/)
      .first()
      .fill('1 Main Street');
    await shipping.getByLabel(/^City/).first().fill('New York');
    await shipping
      .getByLabel(/^ZIP Code/)
      .first()
      .fill('10001');
    await shipping.getByLabel('Same as billing').check();
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();

    await fillCard(guest.page, '4000 0000 0000 0002');
    await guest.page.getByText('Your card was declined. Please try a different payment method.').first().waitFor();
    await fillCard(guest.page, '4242 4242 4242 4242');
    await guest.page.waitForURL(/\/payment-success\?product=/);
    // The payment's id and secret stay in the tab, never in a URL that history or a shared link would carry.
    expect(guest.page.url()).not.toMatch(/pi_|secret|payment_intent/);
    await guest.page.getByText('Payment Successful!').waitFor();
    await guest.page.getByRole('link', { name: 'Message Seller' }).waitFor();

    // Sold: gone from browse, marked on its page, and a second buyer is refused.
    await guest.page.goto(`/?search=${encodeURIComponent(product.title)}`);
    await guest.page.getByText('No products found').waitFor();
    const again = await callApi(guest.page, 'POST', '/api/create-payment-intent', {
      productId: product.id,
      amount: 35.5,
      guestInfo: {
        email: 'late@example.com',
        firstName: 'Late',
        lastName: 'Buyer',
        billingStreet: '2 Side St',
        billingCity: 'Boston',
        billingZip: '02101',
        sameAsDelivery: true,
      },
    });
    expect(again.status).toBe(409);

    const orders = await callApi<{
      sales: {
        product: { id: string };
        status: string;
        buyer?: { firstName: string; deliveryAddress: { city: string } };
      }[];
    }>(seller.page, 'GET', '/api/orders');
    expect(orders.status).toBe(200);
    const sale = orders.body.sales.find((o) => o.product.id === product.id);
    expect(sale).toMatchObject({ status: 'paid', buyer: { firstName: 'Gina', deliveryAddress: { city: 'New York' } } });
    await seller.page.goto(`/product/${product.id}`);
    await seller.page.getByText(/sold/i).first().waitFor();

    await guest.context.close();
    await seller.context.close();
  });
});

describe('member checkout', () => {
  it('a signed-in buyer skips the auth step, sees insufficient funds, then pays; the purchase is in their orders', async () => {
    const seller = await newPerson(browser);
    await registerPerson(seller.page, 'Kemal');
    const product = await listProduct(seller.page, `Iznik tile ${unique()}`, { price: 48 });

    const buyer = await newPerson(browser);
    await registerPerson(buyer.page, 'Nadia');
    await buyer.page.goto(`/checkout?product=${product.id}`);
    const shipping = buyer.page.getByRole('form', { name: 'Shipping information' });
    await shipping.waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Continue as Guest' }).count()).toBe(0);
    expect(await shipping.getByLabel(/^Email/).count()).toBe(0);
    await shipping
      .getByLabel(/^Street Address/)
      .first()
      .fill('9 Harbour Road');
    await shipping.getByLabel(/^City/).first().fill('Seattle');
    await shipping
      .getByLabel(/^ZIP Code/)
      .first()
      .fill('98101');
    await shipping.getByLabel('Same as billing').check();
    await shipping.getByRole('button', { name: 'Continue to Payment' }).click();

    await fillCard(buyer.page, '4000 0000 0000 9995');
    await buyer.page.getByText('Your card has insufficient funds.').first().waitFor();
    await fillCard(buyer.page, '4242 4242 4242 4242');
    await buyer.page.getByText('Payment Successful!').waitFor();

    const orders = await callApi<{ purchases: { product: { id: string }; status: string }[] }>(
      buyer.page,
      'GET',
      '/api/orders',
    );
    expect(orders.body.purchases.find((o) => o.product.id === product.id)?.status).toBe('paid');
    // Nothing was charged for the failed attempt: the seller has exactly one paid sale of it.
    const sales = await callApi<{ sales: { product: { id: string }; status: string }[] }>(
      seller.page,
      'GET',
      '/api/orders',
    );
    expect(sales.body.sales.filter((o) => o.product.id === product.id).map((o) => o.status)).toEqual(['paid']);

    await buyer.context.close();
    await seller.context.close();
  });
});
