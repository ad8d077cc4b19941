import { CreateFavourites1732310000000 } from './1732310000000-create-favourites';
import { AddProductCards1732900000000 } from './1732900000000-add-product-cards';

/** Every migration of the favourites schema, in order. Never edit one that has landed; add a new one. */
export const FAVOURITES_MIGRATIONS = [CreateFavourites1732310000000, AddProductCards1732900000000];
