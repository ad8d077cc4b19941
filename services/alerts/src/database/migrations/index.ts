import { blocksReadModelMigration, outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { PlatformTables1736000000000 } from './1736000000000-platform-tables';
import { CreateAlerts1738600000000 } from './1738600000000-create-alerts';
import { ListingAvailability1739000000000 } from './1739000000000-listing-availability';
import { SecondKeys1739100000000 } from './1739100000000-second-keys';

/** Every migration of the alerts schema, in order. Never edit one that has landed; add a new one. */
export const ALERTS_MIGRATIONS = [
  PlatformTables1736000000000,
  outboxClaimsMigration('alerts'),
  outboxRetriesMigration('alerts'),
  blocksReadModelMigration('alerts'),
  CreateAlerts1738600000000,
  ListingAvailability1739000000000,
  SecondKeys1739100000000,
];
