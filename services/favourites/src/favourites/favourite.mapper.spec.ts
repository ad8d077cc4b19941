import type { SellerDto } from '@souvenir/contracts';
import type { ProductCard } from '../product-cards/product-card.entity';
import { CARD_SHAPE } from '../product-cards/card-shape';
import { hasCard, type StoredFavouriteRow } from './favourites.repository';
import { favouritesPageJson, storedFavouritedProductJson } from './favourite.mapper';

const card: ProductCard = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Carved kava bowl "Suva" \\ \u00e9 \u2028',
  description: 'A wooden bowl from the market in Suva, with its receipt.\n',
  price: '35.00',
  originalPrice: null,
  condition: 'good',
  category: 'Art & Crafts',
  country: 'Fiji',
  images: ['https://img.example.com/bowl.jpg'],
  isCustomsVerified: true,
  contents: ['wood'],
  originLevel: 'checked',
  shipsFrom: 'Australia',
  createdAt: '2026-11-25T03:00:00.000Z',
  status: 'active',
};

const seller = {
  seller_id: '00000000-0000-4000-8000-000000000002',
  seller_first_name: 'Ava',
  seller_last_name: 'Traveller',
  seller_avatar: null,
  seller_is_verified: false,
  seller_rating_average: null,
  seller_rating_count: 0,
};

function row(stored: Partial<ProductCard>, sellerColumns: Partial<StoredFavouriteRow> = {}): StoredFavouriteRow {
  return {
    product_id: card.id,
    favourited_at: '2026-11-25T03:00:00.000000Z',
    // As ProductCardsRepository stores it.
    card: JSON.stringify(stored),
    card_shape: CARD_SHAPE,
    ...seller,
    ...sellerColumns,
  } as StoredFavouriteRow;
}

describe('storedFavouritedProductJson', () => {
  it('writes the text JSON.stringify writes of the card with its heart and its seller, in that order', () => {
    const favourited = (rest: Pick<SellerDto, 'avatar' | 'isVerified' | 'rating'>) =>
      JSON.stringify({
        ...card,
        isFavorited: true,
        seller: { id: seller.seller_id, firstName: 'Ava', lastName: 'Traveller', ...rest },
      });
    expect(storedFavouritedProductJson(row(card))).toBe(favourited({ avatar: null, isVerified: false, rating: null }));
    const rated = row(card, {
      seller_avatar: 'https://img.example.com/ava.jpg',
      seller_is_verified: true,
      seller_rating_average: 4.5,
      seller_rating_count: 12,
    });
    expect(storedFavouritedProductJson(rated)).toBe(
      favourited({
        avatar: 'https://img.example.com/ava.jpg',
        isVerified: true,
        rating: { average: 4.5, count: 12 },
      }),
    );
  });

  it("keeps a card's contents and origin level (the product card shows Documented or Checked from it)", () => {
    expect(JSON.parse(storedFavouritedProductJson(row(card)))).toMatchObject({
      contents: ['wood'],
      originLevel: 'checked',
      shipsFrom: 'Australia',
      isFavorited: true,
    });
    expect(JSON.parse(storedFavouritedProductJson(row({ ...card, contents: null, originLevel: null })))).toMatchObject({
      contents: null,
      originLevel: null,
    });
  });
});

describe('favouritesPageJson', () => {
  it('writes the text JSON.stringify writes of the page, the products last', () => {
    const products = [row(card), row({ ...card, id: '00000000-0000-4000-8000-000000000003' })].map(
      storedFavouritedProductJson,
    );
    for (const nextCursor of [null, 'eyJ0IjoiMjAyNi0xMS0yNSJ9'])
      expect(favouritesPageJson(nextCursor, products).json).toBe(
        JSON.stringify({ nextCursor, products: products.map((p) => JSON.parse(p) as unknown) }),
      );
    expect(favouritesPageJson(null, []).json).toBe(JSON.stringify({ nextCursor: null, products: [] }));
  });
});

describe('hasCard', () => {
  it('holds a card only in the shape ProductDto has now: one of an older shape is fetched again', () => {
    expect(hasCard(row(card))).toBe(true);
    expect(hasCard({ ...row(card), card_shape: '' })).toBe(false);
  });
});
