import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
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
});
