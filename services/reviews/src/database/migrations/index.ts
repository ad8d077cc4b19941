import { blocksReadModelMigration, outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreateReviews1735000000000 } from './1735000000000-create-reviews';
import { ReportsAndReminders1735100000000 } from './1735100000000-reports-and-reminders';

/** Every migration of the reviews schema, in order. Never edit one that has landed; add a new one. */
export const REVIEWS_MIGRATIONS = [
  CreateReviews1735000000000,
  ReportsAndReminders1735100000000,
  outboxClaimsMigration('reviews'),
  outboxRetriesMigration('reviews'),
  blocksReadModelMigration('reviews'),
];
