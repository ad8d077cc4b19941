import { CreateUploads1736000000000 } from './1736000000000-create-uploads';
import { OutboxClaims1736300000000 } from './1736300000000-outbox-claims';

/** Every migration of the media schema, in order. Never edit one that has landed; add a new one. */
export const MEDIA_MIGRATIONS = [CreateUploads1736000000000, OutboxClaims1736300000000];
