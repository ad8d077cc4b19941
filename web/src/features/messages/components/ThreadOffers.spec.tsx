import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import type { OfferDto } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import { ThreadOffers } from './ThreadOffers';

const items = [
  { id: 'p1', title: 'Azulejo tile', image: null, price: '24.00' },
  { id: 'p2', title: 'Cork coaster', image: null, price: '8.00' },
];
const offer: OfferDto = {
  id: '7d5b3c1e-2f4a-4b6c-9d8e-0a1b2c3d4e5f',
  status: 'pending',
  amount: '25.00',
  offeredAmount: '25.00',
  currency: 'usd',
  expiresAt: '2026-12-01T10:00:00.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
  product: items[0]!,
  price: '32.00',
  items,
  buyer: { id: 'b1', firstName: 'Rui', lastName: 'Costa' },
  seller: { id: 's1', firstName: 'Ana', lastName: 'Silva' },
  role: 'buyer',
  origin: 'buyer',
  actions: ['withdraw'],
};

describe('ThreadOffers', () => {
  it('shows an offer on a bundle led by the thread’s item with its items and the bundle price', async () => {
    answerApi({ 'GET /api/offers': () => Response.json({ items: [offer], nextCursor: null }) });
    renderInApp(<ThreadOffers productId="p1" otherUserId="s1" now={new Date('2026-11-30T10:00:00.000Z')} />, {
      route: '/messages',
      path: '/messages',
    });

    const row = await screen.findByRole('listitem', {
      name: 'Your offer for Azulejo tile + 1 more: $25.00, Waiting for the seller',
    });
    expect(within(row).getByText('For Azulejo tile + 1 more · Bundle price $32.00')).toBeTruthy();
    // The items fold away: the pane's height is the messages'.
    const toggle = within(row).getByRole('button', { name: 'Show the 2 items' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide the items');
    expect(
      within(within(row).getByRole('list', { name: 'Items of Azulejo tile + 1 more' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Azulejo tile', 'Cork coaster']);
    expect(within(row).getByRole('button', { name: 'Withdraw the offer on Azulejo tile + 1 more' })).toBeTruthy();
  });
});
