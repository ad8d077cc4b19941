import { CreateCatalog1732400000000 } from './1732400000000-create-catalog';
import { AddFavouriteStates1732500000000 } from './1732500000000-add-favourite-states';
import { AddTitleSearch1732600000000 } from './1732600000000-add-title-search';

/** Every migration of the catalog schema, in order. Never edit one that has landed; add a new one. */
export const CATALOG_MIGRATIONS = [CreateCatalog1732400000000, AddFavouriteStates1732500000000, AddTitleSearch1732600000000];
