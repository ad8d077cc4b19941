import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

describe('CheckoutView of a bundle', () => {
  const discounted = { ...product.seller, bundleDiscount: { minItems: 2, percent: 10 } };
  const items = [
    { ...product, id: 'p1', title: 'Azulejo tile', price: '24.00', seller: discounted },
    { ...product, id: 'p2', title: 'Cork coaster', price: '8.99', seller: discounted },
  ];
  const answerItems = (second: object = {}) => ({
    'GET /api/products/p1': () => Response.json(items[0]),
    'GET /api/products/p2': () => Response.json({ ...items[1], ...second }),
  });
  const summary = () => within(screen.getByRole('region', { name: 'Order Summary' }));
  const term = (label: string) => summary().getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it('lists every item, the discount and the total, and pays that total for the items in one intent', async () => {
    const intentBodies: unknown[] = [];
    answerApi({
      ...answerItems(),
      'POST /api/create-payment-intent': (body) => {
        intentBodies.push(body);
        return Response.json({ message: 'A bundle holds items of one seller.' }, { status: 400 });
      },
    });
    const { toasts } = renderCheckout('/checkout?products=p1,p2');

    await screen.findByText('Cork coaster');
    const list = summary().getByRole('list', { name: '2 items, one parcel' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Azulejo tile'), expect.stringContaining('Cork coaster')]);
    expect(term('Subtotal (2 items)')).toBe('$32.99');
    // 32.99 × 10 % = 3.299: bundlePrice rounds to $3.30.
    expect(term('Bundle discount (10 %)')).toBe('−$3.30');
    expect(term('Total')).toBe('$29.69');
    expect(screen.getByRole('link', { name: /Back to your bundle/ }).getAttribute('href')).toBe('/bundle');

    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Guest' }));
    fillGuestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    // The server's sentence, in the step and the toast.
    expect(await screen.findByText('A bundle holds items of one seller.')).toBeTruthy();
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Error',
        description: 'Failed to setup payment. A bundle holds items of one seller.',
        variant: 'error',
      }),
    );
    expect(intentBodies[0]).toMatchObject({ productIds: ['p1', 'p2'], amount: '29.69' });
    expect(intentBodies[0]).not.toHaveProperty('productId');
  });

  it('says where the items ship within before the guest types an address', async () => {
    answerApi({
      'GET /api/products/p1': () => Response.json({ ...items[0], shipsFrom: 'Portugal' }),
      'GET /api/products/p2': () => Response.json({ ...items[1], shipsFrom: 'Portugal' }),
    });
    renderCheckout('/checkout?products=p1,p2');

    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Guest' }));
    expect(
      await screen.findByText('These items ship within Portugal only: the delivery address must be in Portugal.'),
    ).toBeTruthy();
  });

  it('says where the items ship within to a signed-in buyer typing a new address', async () => {
    document.cookie = 'souvenir.signed-in=1; Path=/';
    try {
      answerApi({
        'GET /api/products/p1': () => Response.json({ ...items[0], shipsFrom: 'Portugal' }),
        'GET /api/products/p2': () => Response.json({ ...items[1], shipsFrom: 'Portugal' }),
        'GET /api/auth/me': () =>
          Response.json({ id: 'b1', email: 'rui@example.com', username: 'rui', firstName: 'Rui', lastName: 'Costa' }),
        'GET /api/me/addresses': () => Response.json([]),
      });
      renderCheckout('/checkout?products=p1,p2');
      expect(
        await screen.findByText('These items ship within Portugal only: the delivery address must be in Portugal.'),
      ).toBeTruthy();
    } finally {
      document.cookie = 'souvenir.signed-in=; Path=/; Max-Age=0';
    }
  });

  it('names the items that can no longer be bought and leads back to the bundle', async () => {
    answerApi(answerItems({ status: 'sold' }));
    renderCheckout('/checkout?products=p1,p2');
    expect(await screen.findByText('Cork coaster: sold')).toBeTruthy();
    // The page's back link and the card's button.
    expect(
      screen.getAllByRole('link', { name: /Back to your bundle/ }).map((link) => link.getAttribute('href')),
    ).toEqual(['/bundle', '/bundle']);
    expect(screen.queryByRole('button', { name: 'Continue as Guest' })).toBeNull();
  });

  it('pays an accepted offer on the bundle: the agreed amount for the items in their order, with the offer', async () => {
    const offerId = '7d5b3c1e-2f4a-4b6c-9d8e-0a1b2c3d4e5f';
    const intentBodies: unknown[] = [];
    answerApi({
      ...answerItems(),
      'POST /api/create-payment-intent': (body) => {
        intentBodies.push(body);
        return Response.json(
          { message: 'The amount differs from the accepted offer. Please review and try again.' },
          { status: 409 },
        );
      },
    });
    renderCheckout(`/checkout?products=p1,p2&offer=${offerId}&amount=25.00`);

    await screen.findByText('Cork coaster');
    expect(term('Subtotal (2 items)')).toBe('$32.99');
    // The agreed amount stands instead of the seller's discount: the offer was bounded by the discounted price.
    expect(term('Your accepted offer')).toBe('$25.00');
    expect(summary().queryByText(/^Bundle discount/)).toBeNull();
    expect(term('Total')).toBe('$25.00');

    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Guest' }));
    fillGuestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(intentBodies).toHaveLength(1));
    expect(intentBodies[0]).toMatchObject({ productIds: ['p1', 'p2'], amount: '25.00', offerId });
    expect(intentBodies[0]).not.toHaveProperty('productId');
  });
});
