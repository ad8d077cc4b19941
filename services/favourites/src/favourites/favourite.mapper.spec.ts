import type { ProductCard } from '../product-cards/product-card.entity';
import { CARD_SHAPE } from '../product-cards/card-shape';
import { hasCard, type StoredFavouriteRow } from './favourites.repository';
import { storedFavouritedProduct } from './favourite.mapper';

const card: ProductCard = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Carved kava bowl',
  description: 'A wooden bowl from the market in Suva, with its receipt.',
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

function row(stored: Partial<ProductCard>): StoredFavouriteRow {
  return {
    product_id: card.id,
    favourited_at: '2026-11-25T03:00:00.000000Z',
    card: stored as ProductCard,
    card_shape: CARD_SHAPE,
    seller_id: '00000000-0000-4000-8000-000000000002',
    seller_first_name: 'Ava',
    seller_last_name: 'Traveller',
    seller_avatar: null,
    seller_is_verified: false,
    seller_rating_average: null,
    seller_rating_count: 0,
  } as StoredFavouriteRow;
}

describe('storedFavouritedProduct', () => {
  it("keeps a card's contents and origin level (the product card shows Documented or Checked from it)", () => {
    expect(storedFavouritedProduct(row(card))).toMatchObject({
      contents: ['wood'],
      originLevel: 'checked',
      shipsFrom: 'Australia',
      isFavorited: true,
    });
    expect(storedFavouritedProduct(row({ ...card, contents: null, originLevel: null }))).toMatchObject({
      contents: null,
      originLevel: null,
    });
  });
});

describe('hasCard', () => {
  it('holds a card only in the shape ProductDto has now: one of an older shape is fetched again', () => {
    expect(hasCard(row(card))).toBe(true);
    expect(hasCard({ ...row(card), card_shape: '' })).toBe(false);
  });
});
