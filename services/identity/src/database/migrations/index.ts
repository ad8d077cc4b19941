import { CreateUsers1732300000000 } from './1732300000000-create-users';

/** Every migration of the identity schema, in order. Never edit one that has landed; add a new one. */
export const IDENTITY_MIGRATIONS = [CreateUsers1732300000000];
