import { CreateMessaging1732500000000 } from './1732500000000-create-messaging';

/** Every migration of the messaging schema, in order. Never edit one that has landed; add a new one. */
export const MESSAGING_MIGRATIONS = [CreateMessaging1732500000000];
