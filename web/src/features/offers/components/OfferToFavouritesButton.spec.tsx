import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductDto } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import { OfferToFavouritesButton } from './OfferToFavouritesButton';

const product = {
  id: 'p1',
  title: 'Azulejo tile',
  price: '40.00',
  seller: { id: 's1', firstName: 'Ana', lastName: 'Silva' },
} as ProductDto;

function sendOffer(amount: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Offer to favouriters' }));
  fireEvent.change(screen.getByLabelText(/Your amount/), { target: { value: amount } });
  fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
}

const renderButton = () =>
  renderInApp(<OfferToFavouritesButton product={product} />, { route: '/products/p1', path: '/products/:id' });

describe('OfferToFavouritesButton', () => {
  it('sends one amount and says how many people got it', async () => {
    const bodies: unknown[] = [];
    answerApi({
      'POST /api/products/p1/offer-to-favourites': (body) => {
        bodies.push(body);
        return Response.json({ sent: 3 }, { status: 201 });
      },
    });
    const { toasts } = renderButton();

    sendOffer('30');

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(bodies).toEqual([{ amount: '30.00' }]);
    expect(toasts[0]).toMatchObject({ title: 'Offer sent', variant: 'success' });
    expect(toasts[0].description).toContain('3 people who favourited Azulejo tile can buy it for $30.00');
  });

  it('answers a refusal other than the amount as a toast', async () => {
    answerApi({
      'POST /api/products/p1/offer-to-favourites': () =>
        Response.json({ message: 'You already sent an offer for this item today.' }, { status: 409 }),
    });
    const { toasts } = renderButton();

    sendOffer('35');

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: 'Error', description: 'You already sent an offer for this item today.' });
  });

  it("shows the server's refusal of the amount in the field, keeping the dialog open", async () => {
    answerApi({
      'POST /api/products/p1/offer-to-favourites': () =>
        Response.json({ message: 'The price changed: offer at most $32.00.' }, { status: 400 }),
    });
    const { toasts } = renderButton();

    sendOffer('35');

    expect(await screen.findByText('The price changed: offer at most $32.00.')).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('refuses less than half the price before asking the server', async () => {
    const calls = answerApi({});
    renderButton();

    sendOffer('10');

    expect(await screen.findByText('At least half the price ($20.00)')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
