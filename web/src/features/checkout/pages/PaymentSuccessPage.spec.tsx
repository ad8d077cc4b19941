import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { PAYMENT_MESSAGES, type PaymentStatusDto } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import { rememberCheckout } from '../checkoutStorage';
import PaymentSuccessPage from './PaymentSuccessPage';

const product = {
  id: 'p1',
  title: 'Azulejo tile',
  price: '24.00',
  country: 'Portugal',
  images: ['/images/p1.webp'],
  status: 'active',
  seller: { id: 's1', firstName: 'Ana', lastName: 'Silva' },
};

function payFor(answer: Partial<PaymentStatusDto> | Response, guestToken?: string) {
  rememberCheckout('p1', {
    paymentIntentId: 'pi_1',
    clientSecret: 'pi_1_secret_x',
    ...(guestToken ? { checkoutToken: guestToken } : {}),
  } as never);
  return answerApi({
    'GET /api/products/p1': () => Response.json(product),
    'POST /api/payments/reconcile': () =>
      answer instanceof Response ? answer : Response.json({ productId: 'p1', ...answer }),
  });
}

const renderPage = () =>
  renderInApp(<PaymentSuccessPage />, { route: '/payment-success?product=p1', path: '/payment-success' });

afterEach(() => window.sessionStorage.clear());

describe('PaymentSuccessPage', () => {
  it('says there is nothing to confirm when this tab paid for nothing', async () => {
    answerApi({});
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Browse' }).getAttribute('href')).toBe('/');
  });

  it('confirms a paid order and gives a guest the private link to it', async () => {
    const calls = payFor({ status: 'paid', orderId: 'o1' }, 'guest-token-1');
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe('/orders/guest-token-1');
    expect(screen.getByText('Keep this link to follow your order')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message Seller' }).getAttribute('href')).toBe('/messages?product=p1');
    expect(calls.filter((call) => call === 'POST /api/payments/reconcile')).toHaveLength(1);
  });

  it('shows what the card was charged once paid, an accepted offer’s amount rather than the list price', async () => {
    payFor({ status: 'paid', orderId: 'o1', amount: '19.50' });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('$19.50')).toBeTruthy();
    expect(screen.queryByText('$24.00')).toBeNull();
  });

  it.each([
    ['refunded', 'Payment Refunded', {}, PAYMENT_MESSAGES.soldToAnotherBuyer],
    ['cancelled', 'Payment Refunded', {}, 'This order was cancelled and refunded in full.'],
    ['failed', 'Payment Failed', { message: 'Your card was declined.' }, 'Your card was declined.'],
    ['failed', 'Payment Failed', {}, PAYMENT_MESSAGES.processingError],
    [
      'requires_action',
      'Additional verification required',
      {},
      'Your bank needs you to confirm this payment. Please return to checkout and try again.',
    ],
  ] as const)('shows a %s payment as "%s"', async (status, heading, extra, message) => {
    payFor({ status, ...extra } as Partial<PaymentStatusDto>);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByText('Azulejo tile')).toBeTruthy();
  });

  it('offers to try a failed payment again at checkout', async () => {
    payFor({ status: 'failed' });
    renderPage();
    const retry = await screen.findByRole('link', { name: 'Try Again' });
    expect(retry.getAttribute('href')).toBe('/checkout?product=p1');
  });

  it('asks again while the payment is still pending', async () => {
    const calls = payFor({ status: 'pending' });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Processing' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Processing' })).toBeTruthy();
    expect(calls.filter((call) => call === 'POST /api/payments/reconcile')).toHaveLength(2);
  });

  it('says the order is safe when the state cannot be read', async () => {
    payFor(Response.json({ message: 'Payments are unavailable' }, { status: 503 }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not confirm your payment' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Payments are unavailable. If you were charged, your order is safe: check again in a moment.',
    );
  });

  it('after a bundle is paid, lists its items and empties the bundle; a failed one retries the bundle', async () => {
    const key = 'p1,p2';
    rememberCheckout(key, { paymentIntentId: 'pi_2', clientSecret: 'pi_2_secret_x' } as never);
    answerApi({
      'GET /api/products/p1': () => Response.json(product),
      'GET /api/products/p2': () => Response.json({ ...product, id: 'p2', title: 'Cork coaster' }),
      'POST /api/payments/reconcile': () =>
        Response.json({ productId: 'p1', status: 'paid', orderId: 'o2', amount: '43.20' }),
    });
    const bundle = {
      seller: { id: 's1', name: 'Ana Silva' },
      discount: null,
      items: ['p1', 'p2'].map((id) => ({ id, title: id, image: null, price: '24.00' })),
    };
    const { store } = renderInApp(<PaymentSuccessPage />, {
      route: `/payment-success?products=${key}`,
      path: '/payment-success',
      bundle,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText(/the items are reserved for you/)).toBeTruthy();
    const items = await screen.findByRole('list', { name: 'Items of your order' });
    expect(items.textContent).toContain('Cork coaster');
    expect(screen.getByText('Paid $43.20')).toBeTruthy();
    expect(store.getState().bundle.items).toEqual([]);
  });

  it('offers to try a failed bundle payment again at the bundle checkout', async () => {
    rememberCheckout('p1,p2', { paymentIntentId: 'pi_3', clientSecret: 'pi_3_secret_x' } as never);
    answerApi({ 'POST /api/payments/reconcile': () => Response.json({ productId: 'p1', status: 'failed' }) });
    renderInApp(<PaymentSuccessPage />, { route: '/payment-success?products=p1,p2', path: '/payment-success' });
    const retry = await screen.findByRole('link', { name: 'Try Again' });
    expect(retry.getAttribute('href')).toBe('/checkout?products=p1,p2');
  });
});
