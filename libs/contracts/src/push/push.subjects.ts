/*
 * Live push: core NATS subjects (no JetStream), one per user, `push.user.<userId>`. The notifications service
 * publishes each user's event-log rows on them after they commit; each gateway replica subscribes to the users
 * connected to it and writes the events to their streams (`GET /api/stream`). What a subscriber misses is in the
 * log, read back through `RPC.notifications.listEventsAfter` (Last-Event-ID), so the subjects need no durability.
 *
 * Declared once here: who publishes and who subscribes is granted from `PUSH.wildcard` (nats/nats-permissions.ts).
 */
export const PUSH = {
  /** Every user's subject: the grant of the publisher and the subscriber. */
  wildcard: 'push.user.*',
  /** The subject of one user's events. */
  user: (userId: string): `push.user.${string}` => `push.user.${userId}`,
} as const;
