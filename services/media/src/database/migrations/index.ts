import { outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreateUploads1736000000000 } from './1736000000000-create-uploads';
import { PhotoAccess1736700000000 } from './1736700000000-photo-access';
import { DataArchives1738100000000 } from './1738100000000-data-archives';
import { DataArchivesByOwner1738320000000 } from './1738320000000-data-archives-by-owner';

/** Every migration of the media schema, in order. Never edit one that has landed; add a new one. */
export const MEDIA_MIGRATIONS = [
  CreateUploads1736000000000,
  outboxClaimsMigration('media'),
  PhotoAccess1736700000000,
  outboxRetriesMigration('media'),
  DataArchives1738100000000,
  DataArchivesByOwner1738320000000,
];
