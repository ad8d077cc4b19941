import { outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreateFavourites1732310000000 } from './1732310000000-create-favourites';
import { AddProductCards1732900000000 } from './1732900000000-add-product-cards';
import { AddHeldBySale1734000000000 } from './1734000000000-add-held-by-sale';
import { AddProductSales1734100000000 } from './1734100000000-add-product-sales';
import { SellerRatings1735100000000 } from './1735100000000-seller-ratings';
import { ProductCardShapes1737960000000 } from './1737960000000-product-card-shapes';
import { FavouritersIndex1737970000000 } from './1737970000000-favouriters-index';

/** Every migration of the favourites schema, in order. Never edit one that has landed; add a new one. */
export const FAVOURITES_MIGRATIONS = [
  CreateFavourites1732310000000,
  AddProductCards1732900000000,
  AddHeldBySale1734000000000,
  AddProductSales1734100000000,
  SellerRatings1735100000000,
  outboxClaimsMigration('favourites'),
  outboxRetriesMigration('favourites'),
  ProductCardShapes1737960000000,
  FavouritersIndex1737970000000,
];
