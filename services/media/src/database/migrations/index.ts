import { outboxClaimsMigration } from '@souvenir/platform';
import { CreateUploads1736000000000 } from './1736000000000-create-uploads';

/** Every migration of the media schema, in order. Never edit one that has landed; add a new one. */
export const MEDIA_MIGRATIONS = [CreateUploads1736000000000, outboxClaimsMigration('media')];
