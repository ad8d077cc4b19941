import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import type { BundleState } from '../bundleSlice';
import BundlePage from './BundlePage';

const seller = { id: 's1', firstName: 'Ana', lastName: 'Silva', bundleDiscount: { minItems: 3, percent: 10 } };
const product = (id: string, price: string, extra: object = {}) => ({
  id,
  title: `Tile ${id}`,
  description: 'Hand-painted',
  price,
  condition: 'new',
  category: 'Ceramics',
  country: 'Portugal',
  images: [`/images/${id}.webp`],
  isCustomsVerified: true,
  isFavorited: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  status: 'active',
  seller,
  ...extra,
});

const bundle: BundleState = {
  seller: { id: 's1', name: 'Ana Silva' },
  discount: { minItems: 3, percent: 10 },
  items: ['p1', 'p2', 'p3'].map((id) => ({ id, title: `Tile ${id}`, image: null, price: '10.00' })),
};

const renderBundle = (state: BundleState = bundle) =>
  renderInApp(<BundlePage />, { route: '/bundle', path: '/bundle', bundle: state });

const rowOf = (title: string) =>
  screen.getAllByRole('listitem').find((row) => within(row).queryByRole('link', { name: title }))!;
const term = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('BundlePage', () => {
  it('prices the items as they are now, marks a sold one unavailable, and checks out without it', async () => {
    answerApi({
      'GET /api/products/p1': () => Response.json(product('p1', '12.50')),
      'GET /api/products/p2': () => Response.json(product('p2', '20.00')),
      'GET /api/products/p3': () => Response.json(product('p3', '30.00', { status: 'sold' })),
    });
    const { store } = renderBundle();
    expect(screen.getByRole('heading', { level: 1, name: 'Your bundle' })).toBeTruthy();
    expect(await screen.findByText('Sold')).toBeTruthy();
    expect(within(rowOf('Tile p1')).getByText('$12.50')).toBeTruthy();
    // Only what can be bought counts: two items, below the seller's three for the discount.
    expect(term('Subtotal (2 items)')).toBe('$32.50');
    expect(screen.queryByText(/^Bundle discount/)).toBeNull();
    expect(term('Total')).toBe('$32.50');
    expect(screen.getByText('Add 1 more item from this seller to save 10 %.')).toBeTruthy();
    expect(screen.getByText('Buy 3+ from this seller, save 10 %')).toBeTruthy();
    expect(screen.getByText('One item can no longer be bought. Remove it to check out.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Tile p3 from the bundle' }));
    expect(store.getState().bundle.items.map((item) => item.id)).toEqual(['p1', 'p2']);
    const checkout = screen.getByRole('link', { name: 'Checkout' });
    expect(checkout.getAttribute('aria-disabled')).toBeNull();
    expect(checkout.getAttribute('href')).toBe('/checkout?products=p1,p2');
  });

  it('takes the discount off from the seller’s number of items, with bundlePrice’s rounding', async () => {
    answerApi({
      'GET /api/products/p1': () => Response.json(product('p1', '12.50')),
      'GET /api/products/p2': () => Response.json(product('p2', '20.00')),
      'GET /api/products/p3': () => Response.json(product('p3', '9.99')),
    });
    renderBundle();
    await screen.findByText('Bundle discount (10 %)', { selector: 'dt' });
    // 42.49 × 10 % = 4.249, rounded to the cent.
    expect(term('Subtotal (3 items)')).toBe('$42.49');
    expect(term('Bundle discount (10 %)')).toBe('−$4.25');
    expect(term('Total')).toBe('$38.24');
    expect(screen.queryByText(/more item/)).toBeNull();
  });

  it('shows an item that was removed from sale as no longer available', async () => {
    answerApi({
      'GET /api/products/p1': () => Response.json(product('p1', '12.50')),
      'GET /api/products/p2': () => Response.json(product('p2', '20.00')),
    });
    renderBundle();
    expect(await screen.findByText('No longer available')).toBeTruthy();
    expect(within(rowOf('Tile p3')).getByText('No longer available')).toBeTruthy();
  });

  it('says the bundle is empty and how to fill it', () => {
    answerApi({});
    renderBundle({ seller: null, discount: null, items: [] });
    expect(screen.getByRole('heading', { level: 2, name: 'Your bundle is empty' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
  });

  describe('an offer on the bundle', () => {
    const me = { id: 'b1', email: 'rui@example.com', username: 'rui', firstName: 'Rui', lastName: 'Costa' };
    const signIn = () => {
      // The readable twin of the session cookie: without it the app does not ask who is signed in.
      document.cookie = 'souvenir.signed-in=1; Path=/';
    };
    afterEach(() => {
      document.cookie = 'souvenir.signed-in=; Path=/; Max-Age=0';
    });
    /** The button once the items and the session are known (a guest's and a member's are different buttons). */
    const offerButtonOnceReady = async () => {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Make an offer' }).hasAttribute('disabled')).toBe(false),
      );
      return screen.getByRole('button', { name: 'Make an offer' });
    };
    const items = {
      'GET /api/products/p1': () => Response.json(product('p1', '12.50')),
      'GET /api/products/p2': () => Response.json(product('p2', '20.00')),
      'GET /api/products/p3': () => Response.json(product('p3', '9.99')),
    };

    it('offers one amount for all the items, bounded by the discounted bundle price', async () => {
      signIn();
      const bodies: unknown[] = [];
      answerApi({
        ...items,
        'GET /api/auth/me': () => Response.json(me),
        'POST /api/offers': (body) => {
          bodies.push(body);
          return Response.json(
            {
              id: 'o1',
              status: 'pending',
              amount: '30.00',
              product: { id: 'p1', title: 'Tile p1', image: null, price: '12.50' },
              seller: { id: 's1', firstName: 'Ana', lastName: 'Silva' },
            },
            { status: 201 },
          );
        },
      });
      const { toasts } = renderBundle();
      await screen.findByText('Bundle discount (10 %)', { selector: 'dt' });

      fireEvent.click(await offerButtonOnceReady());
      const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
      // $42.49 less the seller's 10 % is $38.24; half of it, rounded up to the cent, $19.12.
      expect(
        within(dialog).getByText(/^Bundle price \$38\.24 for these 3 items from Ana Silva\. At least \$19\.12/),
      ).toBeTruthy();
      const amount = within(dialog).getByLabelText(/Your amount/);
      fireEvent.change(amount, { target: { value: '40' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
      expect(await within(dialog).findByText('At most the price ($38.24)')).toBeTruthy();

      fireEvent.change(amount, { target: { value: '30' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
      await waitFor(() => expect(toasts).toHaveLength(1));
      expect(bodies).toEqual([{ productId: 'p1', productIds: ['p1', 'p2', 'p3'], amount: '30.00' }]);
      expect(toasts[0]).toEqual({
        title: 'Offer sent',
        description: 'The seller has 48 hours to answer your offer of $30.00 for the 3 items. Follow it under Offers.',
        variant: 'success',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByText(/Offer of \$30\.00 sent to Ana/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Offers' }).getAttribute('href')).toBe('/offers');
      expect(screen.getByRole('link', { name: 'your conversation' }).getAttribute('href')).toBe(
        '/messages?user=s1&product=p1',
      );
    });

    it('shows the server’s refusal in the dialog', async () => {
      signIn();
      answerApi({
        ...items,
        'GET /api/auth/me': () => Response.json(me),
        'POST /api/offers': () =>
          Response.json({ message: 'Tile p2: This item is no longer available' }, { status: 400 }),
      });
      const { toasts } = renderBundle();
      fireEvent.click(await offerButtonOnceReady());
      const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
      fireEvent.change(within(dialog).getByLabelText(/Your amount/), { target: { value: '25' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
      expect(await within(dialog).findByText('Tile p2: This item is no longer available')).toBeTruthy();
      expect(toasts).toEqual([]);
    });

    it('reads the items again when the server finds one gone, and says so in a toast', async () => {
      signIn();
      const calls = answerApi({
        ...items,
        'GET /api/auth/me': () => Response.json(me),
        'POST /api/offers': () =>
          Response.json({ message: 'An item of this bundle is no longer for sale.' }, { status: 409 }),
      });
      const { toasts } = renderBundle();
      fireEvent.click(await offerButtonOnceReady());
      const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
      fireEvent.change(within(dialog).getByLabelText(/Your amount/), { target: { value: '25' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
      await waitFor(() =>
        expect(toasts).toEqual([
          { title: 'Error', description: 'An item of this bundle is no longer for sale.', variant: 'error' },
        ]),
      );
      await waitFor(() => expect(calls.filter((call) => call === 'GET /api/products/p2')).toHaveLength(2));
    });

    it('asks a guest to sign in first', async () => {
      answerApi(items);
      const { store } = renderBundle();
      fireEvent.click(await offerButtonOnceReady());
      expect(store.getState().authDialog.open).toBe('signIn');
      expect(screen.queryByRole('dialog', { name: 'Make an offer' })).toBeNull();
    });

    it('is not offered while an item can no longer be bought, nor for a bundle of one item', async () => {
      signIn();
      answerApi({
        ...items,
        'GET /api/auth/me': () => Response.json(me),
        'GET /api/products/p3': () => Response.json(product('p3', '9.99', { status: 'sold' })),
      });
      const { unmount } = renderBundle();
      await screen.findByText('Sold');
      expect(screen.getByRole('button', { name: 'Make an offer' }).hasAttribute('disabled')).toBe(true);
      unmount();

      renderBundle({ ...bundle, items: bundle.items.slice(0, 1) });
      await screen.findByText('Subtotal (1 item)');
      expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
    });
  });
});
