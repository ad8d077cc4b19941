import { CreateCatalog1732400000000 } from './1732400000000-create-catalog';

/** Every migration of the catalog schema, in order. Never edit one that has landed; add a new one. */
export const CATALOG_MIGRATIONS = [CreateCatalog1732400000000];
