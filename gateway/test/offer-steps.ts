import type { OfferDto } from '@souvenir/contracts';
import type request from 'supertest';
import { aListing, type Account } from './gateway-harness';

/** The HTTP calls of the offer specs, as the web app makes them. */
export function offerSteps(http: ReturnType<typeof request>) {
  const offersOf = async (who: Account, role: 'buyer' | 'seller'): Promise<OfferDto[]> =>
    (await http.get(`/api/offers?role=${role}`).set('Cookie', who.cookie).expect(200)).body.items;
  return {
    /** A new listing of `seller` at `price`; answers its id. */
    listing: async (seller: Account, title: string, price = 30): Promise<string> =>
      (await http.post('/api/products').set('Cookie', seller.cookie).send(aListing(title, { price })).expect(201)).body
        .id,
    offer: (who: Account, productId: string, amount: unknown) =>
      http.post('/api/offers').set('Cookie', who.cookie).send({ productId, amount }),
    act: (who: Account, offerId: string, action: string, body?: object) =>
      http
        .post(`/api/offers/${offerId}/${action}`)
        .set('Cookie', who.cookie)
        .send(body ?? {}),
    offersOf,
  };
}
