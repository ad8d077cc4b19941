import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PAYMENT_MESSAGES } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import CheckoutView from './CheckoutView';

const product = {
  id: 'p1',
  title: 'Azulejo tile',
  description: 'Hand-painted',
  price: '24.00',
  condition: 'new',
  category: 'Ceramics',
  country: 'Portugal',
  images: ['/images/p1.webp'],
  isCustomsVerified: true,
  isFavorited: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  status: 'active',
  seller: { id: 's1', firstName: 'Ana', lastName: 'Silva' },
};

const renderCheckout = (route = '/checkout?product=p1') => renderInApp(<CheckoutView />, { route, path: '/checkout' });

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillGuestForm() {
  type(/^Email/, 'guest@example.com');
  type(/^First Name/, 'Rui');
  type(/^Last Name/, 'Costa');
  type(/^Street Address/, '1 Rua Augusta');
  type(/^City/, 'Lisbon');
  type(/^ZIP Code/, '10001');
}

afterEach(() => window.sessionStorage.clear());

describe('CheckoutView', () => {
  it('takes a guest from the account step to shipping to payment, focusing each new heading', async () => {
    const intentBodies: unknown[] = [];
    const calls = answerApi({
      'GET /api/products/p1': () => Response.json(product),
      'POST /api/create-payment-intent': (body) => {
        intentBodies.push(body);
        return Response.json({ message: 'The price of this item changed' }, { status: 409 });
      },
    });
    const { toasts } = renderCheckout();

    expect(await screen.findByRole('heading', { name: 'Sign in or continue as guest' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    const shippingHeading = await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(document.activeElement).toBe(shippingHeading);

    fillGuestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(document.activeElement).toBe(await screen.findByRole('heading', { name: 'Payment' }));
    expect(await screen.findByText('Failed to setup payment')).toBeTruthy();
    // A 409 (price changed, or sold meanwhile): the summary is read again.
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/products/p1')).toHaveLength(2));
    expect(screen.getByText('The price of this item changed')).toBeTruthy();
    expect(toasts.at(-1)).toEqual({
      title: 'Error',
      description: 'Failed to setup payment. The price of this item changed',
      variant: 'error',
    });
    expect(intentBodies[0]).toMatchObject({
      productId: 'p1',
      amount: '24.00',
      guestInfo: { email: 'guest@example.com', firstName: 'Rui', lastName: 'Costa' },
    });

    // Retried with the same shipping details; back, the form still holds them.
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(intentBodies).toHaveLength(2));
    expect(intentBodies[1]).toEqual(intentBodies[0]);
    await screen.findByText('Failed to setup payment');
    fireEvent.click(screen.getByRole('button', { name: 'Back to shipping information' }));
    expect(await screen.findByRole('heading', { name: 'Shipping Information' })).toBeTruthy();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('guest@example.com');
  });

  it('does not sell an item that is sold already', async () => {
    answerApi({ 'GET /api/products/p1': () => Response.json({ ...product, status: 'sold' }) });
    renderCheckout();
    expect(await screen.findByText(PAYMENT_MESSAGES.noLongerAvailable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue as Guest' })).toBeNull();
  });

  it('says which product is missing, and toasts it once', async () => {
    answerApi({});
    const { toasts } = renderCheckout('/checkout?product=gone');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
    expect(toasts).toEqual([{ title: 'Error', description: 'Failed to load product', variant: 'error' }]);
  });

  it('asks for a product when none is given', async () => {
    answerApi({});
    const { toasts } = renderCheckout('/checkout');
    expect(await screen.findByRole('heading', { name: 'No product selected' })).toBeTruthy();
    expect(toasts).toEqual([{ title: 'Error', description: 'No product selected for checkout', variant: 'error' }]);
  });
});
