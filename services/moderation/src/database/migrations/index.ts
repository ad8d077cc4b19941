import { outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { PlatformTables1736000000000 } from './1736000000000-platform-tables';
import { CreateModeration1738500000000 } from './1738500000000-create-moderation';
import { VelocityCases1738600000000 } from './1738600000000-velocity-cases';

/** Every migration of the moderation schema, in order. Never edit one that has landed; add a new one. */
export const MODERATION_MIGRATIONS = [
  PlatformTables1736000000000,
  outboxClaimsMigration('moderation'),
  outboxRetriesMigration('moderation'),
  CreateModeration1738500000000,
  VelocityCases1738600000000,
];
