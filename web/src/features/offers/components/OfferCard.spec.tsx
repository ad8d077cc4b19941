import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OfferDto } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import { OfferCard } from './OfferCard';

const now = new Date('2026-11-30T10:00:00.000Z');
const items = [
  { id: 'p1', title: 'Azulejo tile', image: '/images/p1.webp', price: '24.00' },
  { id: 'p2', title: 'Cork coaster', image: null, price: '8.00' },
  { id: 'p3', title: 'Sardine tin', image: '/images/p3.webp', price: '26.00' },
];
/** An offer on a bundle of three of Ana's items: $58.00, $52.20 after her 10 % bundle discount. */
const bundleOffer: OfferDto = {
  id: '7d5b3c1e-2f4a-4b6c-9d8e-0a1b2c3d4e5f',
  status: 'accepted',
  amount: '45.00',
  offeredAmount: '40.00',
  currency: 'usd',
  expiresAt: '2026-12-01T08:00:00.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-30T08:00:00.000Z',
  product: items[0]!,
  price: '52.20',
  items,
  buyer: { id: 'b1', firstName: 'Rui', lastName: 'Costa' },
  seller: { id: 's1', firstName: 'Ana', lastName: 'Silva' },
  role: 'buyer',
  origin: 'buyer',
  actions: ['pay'],
};

const renderCard = (offer: OfferDto) =>
  renderInApp(
    <ul>
      <OfferCard offer={offer} now={now} />
    </ul>,
    { route: '/offers', path: '/offers' },
  );

describe('OfferCard of an offer on a bundle', () => {
  it('names the lead item and how many more, lists the items, the bundle price, and pays for all of them', () => {
    answerApi({});
    renderCard(bundleOffer);

    const card = screen.getByRole('listitem', { name: 'Azulejo tile + 2 more' });
    expect(within(card).getByRole('heading', { name: 'Azulejo tile + 2 more' })).toBeTruthy();
    const list = within(card).getByRole('list', { name: 'Items of Azulejo tile + 2 more' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Azulejo tile', '/product/p1'],
      ['Cork coaster', '/product/p2'],
      ['Sardine tin', '/product/p3'],
    ]);
    expect(within(list).getByText('$8.00')).toBeTruthy();
    expect(within(card).getByText(/Offer to Ana · Bundle price \$52\.20 · offered \$40\.00/)).toBeTruthy();
    expect(within(card).queryByText(/listed at/)).toBeNull();
    expect(within(card).getByLabelText('Amount $45.00')).toBeTruthy();
    expect(within(card).getByText('Pay within 22 hours')).toBeTruthy();
    // The items in the order offered: the server takes them in that order only.
    expect(within(card).getByRole('link', { name: 'Pay $45.00' }).getAttribute('href')).toBe(
      `/checkout?products=p1,p2,p3&offer=${bundleOffer.id}&amount=45.00`,
    );
  });

  it('bounds the seller’s counter by the bundle’s price, not the lead item’s', async () => {
    const bodies: unknown[] = [];
    answerApi({
      [`POST /api/offers/${bundleOffer.id}/counter`]: (body) => {
        bodies.push(body);
        return Response.json({ ...bundleOffer, role: 'seller', status: 'countered', amount: '50.00' });
      },
    });
    renderCard({
      ...bundleOffer,
      status: 'pending',
      amount: '40.00',
      role: 'seller',
      actions: ['accept', 'decline', 'counter'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Counter the offer on Azulejo tile + 2 more' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer' });
    expect(within(dialog).getByText(/Rui offers \$40\.00 for the bundle of 3 items/)).toBeTruthy();
    expect(within(dialog).getByText('Between $26.10 and $52.20')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/Your amount/);
    fireEvent.change(amount, { target: { value: '53' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(await within(dialog).findByText('At most the price ($52.20)')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(bodies).toEqual([{ amount: '50.00' }]));
  });

  it('reads an offer on one item as before: its title links to it, at its listed price', () => {
    answerApi({});
    const [lead] = items;
    renderCard({ ...bundleOffer, price: '24.00', items: [lead!], amount: '20.00', offeredAmount: '20.00' });

    const card = screen.getByRole('listitem', { name: 'Azulejo tile' });
    expect(within(card).getByRole('link', { name: 'Azulejo tile' }).getAttribute('href')).toBe('/product/p1');
    expect(within(card).getByText('Offer to Ana · listed at $24.00')).toBeTruthy();
    expect(within(card).queryByRole('list')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Pay $20.00' }).getAttribute('href')).toBe(
      `/checkout?product=p1&offer=${bundleOffer.id}&amount=20.00`,
    );
  });
});
