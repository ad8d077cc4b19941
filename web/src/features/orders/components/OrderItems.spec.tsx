import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { OrderDetailDto } from '@souvenir/contracts';
import { renderInApp } from '../../../testing/renderInApp';
import { OrderItems } from './OrderItems';

const order = {
  id: 'o1',
  status: 'completed',
  product: { id: 'p1', title: 'Tile', image: null },
  amount: '29.69',
  items: [
    { id: 'p1', title: 'Tile', image: null, price: '24.00', refunded: false },
    { id: 'p2', title: 'Coaster', image: null, price: '8.99', refunded: true },
  ],
  discount: '3.30',
  refundedAmount: '8.09',
} as unknown as OrderDetailDto;

const term = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('OrderItems', () => {
  it('lists every item with its price, marks the refunded one, and sums up discount, paid and refunded', () => {
    renderInApp(<OrderItems order={order} />, { route: '/orders/o1', path: '/orders/:ref' });
    const rows = within(screen.getByRole('list', { name: 'Items of this order' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Tile$24.00', 'CoasterRefunded$8.99']);
    expect(term('Items (2)')).toBe('$32.99');
    expect(term('Bundle discount')).toBe('−$3.30');
    expect(term('Paid')).toBe('$29.69');
    expect(term('Refunded to the buyer')).toBe('$8.09');
  });

  it('reads an order without items as its one product', () => {
    const { items: _items, discount: _discount, refundedAmount: _refunded, ...single } = order;
    renderInApp(<OrderItems order={single as OrderDetailDto} />, { route: '/orders/o1', path: '/orders/:ref' });
    expect(screen.getByRole('link', { name: 'Tile' }).getAttribute('href')).toBe('/product/p1');
    expect(screen.queryByText('Bundle discount')).toBeNull();
    expect(term('Paid')).toBe('$29.69');
  });

  it('says what an accepted offer on the items took off their prices', () => {
    renderInApp(<OrderItems order={{ ...order, amount: '25.00', discount: undefined, refundedAmount: undefined }} />, {
      route: '/orders/o1',
      path: '/orders/:ref',
    });
    expect(term('Items (2)')).toBe('$32.99');
    expect(screen.queryByText('Bundle discount')).toBeNull();
    expect(term('Offer discount')).toBe('−$7.99');
    expect(term('Paid')).toBe('$25.00');
  });
});
