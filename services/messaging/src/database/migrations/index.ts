import { CreateMessaging1732500000000 } from './1732500000000-create-messaging';
import { AddConversations1732700000000 } from './1732700000000-add-conversations';
import { AddInboxVersions1732800000000 } from './1732800000000-add-inbox-versions';

/** Every migration of the messaging schema, in order. Never edit one that has landed; add a new one. */
export const MESSAGING_MIGRATIONS = [CreateMessaging1732500000000, AddConversations1732700000000, AddInboxVersions1732800000000];
