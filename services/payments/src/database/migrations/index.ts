import { CreatePayments1732600000000 } from './1732600000000-create-payments';

/** Every migration of the payments schema, in order. Never edit one that has landed; add a new one. */
export const PAYMENTS_MIGRATIONS = [CreatePayments1732600000000];
