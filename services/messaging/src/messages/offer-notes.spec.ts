import type { OfferChangedEvent } from '@souvenir/contracts';
import { offerNoteText } from './offer-notes';

const event = (status: OfferChangedEvent['status'], extra: Partial<OfferChangedEvent> = {}): OfferChangedEvent => ({
  offerId: '00000000-0000-4000-8000-000000000001',
  productId: '00000000-0000-4000-8000-000000000002',
  productTitle: 'Andean rug',
  buyerId: '00000000-0000-4000-8000-000000000003',
  sellerId: '00000000-0000-4000-8000-000000000004',
  status,
  amountCents: 2500,
  currency: 'usd',
  actor: 'buyer',
  expiresAt: '2026-11-30T08:00:00.000Z',
  occurredAt: '2026-11-29T08:00:00.000Z',
  ...extra,
});

describe("an offer's note in the conversation", () => {
  it('reads as before for an offer on one item', () => {
    expect(offerNoteText(event('pending'))).toBe('Made an offer of $25.00.');
    expect(offerNoteText(event('ended'))).toBe('The offer of $25.00 ended: the item is no longer for sale.');
  });

  it('names a bundle offer’s items by the lead item and how many more', () => {
    const bundle = { moreItems: 2 };
    expect(offerNoteText(event('pending', bundle))).toBe('Made an offer of $25.00 for Andean rug and 2 more items.');
    expect(offerNoteText(event('countered', { ...bundle, actor: 'seller' }))).toBe(
      'Countered with $25.00 for Andean rug and 2 more items.',
    );
    expect(offerNoteText(event('ended', { moreItems: 1 }))).toBe(
      'The offer of $25.00 for Andean rug and 1 more item ended: an item is no longer for sale.',
    );
    expect(offerNoteText(event('purchased', bundle))).toBe(
      'Paid $25.00 for the accepted offer for Andean rug and 2 more items.',
    );
  });
});
