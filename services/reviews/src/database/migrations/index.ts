import { CreateReviews1735000000000 } from './1735000000000-create-reviews';
import { ReportsAndReminders1735100000000 } from './1735100000000-reports-and-reminders';
import { OutboxClaims1736300000000 } from './1736300000000-outbox-claims';

/** Every migration of the reviews schema, in order. Never edit one that has landed; add a new one. */
export const REVIEWS_MIGRATIONS = [
  CreateReviews1735000000000,
  ReportsAndReminders1735100000000,
  OutboxClaims1736300000000,
];
