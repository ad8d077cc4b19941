/*
 * Event subjects: `events.<service>.<aggregate>.<past-tense-verb>`, carried by one JetStream stream.
 *
 * Each subject is declared once, in its service's `<service>.events.ts` below its payload classes:
 *
 *   export const CATALOG_EVENTS = defineEvents('catalog', {
 *     productSold: event('events.catalog.product.sold', ProductSoldEvent),
 *   });
 *
 * Everything else is derived here from EVENT_TABLES: `EVENTS.catalog.productSold`, `EVENT_TYPES` (the class each
 * consumed payload is validated against) and `EventSubject`/`EventPayload`, which type the outbox and the consumers'
 * handlers. A new service adds its table to EVENT_TABLES; a new event is one line in its service's table.
 */
import { CATALOG_EVENTS } from '../catalog/catalog.events';
import { FAVOURITES_EVENTS } from '../favourites/favourites.events';
import { IDENTITY_EVENTS } from '../identity/identity.events';
import { MESSAGING_EVENTS } from '../messaging/messaging.events';
import { PAYMENTS_EVENTS } from '../payments/payments.events';
import { REVIEWS_EVENTS } from '../reviews/reviews.events';
import { MODERATION_EVENTS } from '../moderation/moderation.events';
import { ALERTS_EVENTS } from '../alerts/alerts.events';
import { bySubject, subjectsByService, type DeclarationOf } from '../subject-tables';

/** The one JetStream stream that carries every domain event. */
export const EVENT_STREAM = { name: 'EVENTS', subjects: ['events.>'] } as const;

/** Every service's event declarations, by service name (only it may publish under `events.<service>.`). */
const EVENT_TABLES = {
  identity: IDENTITY_EVENTS,
  catalog: CATALOG_EVENTS,
  favourites: FAVOURITES_EVENTS,
  messaging: MESSAGING_EVENTS,
  payments: PAYMENTS_EVENTS,
  reviews: REVIEWS_EVENTS,
  moderation: MODERATION_EVENTS,
  alerts: ALERTS_EVENTS,
} as const;

/** Subjects by service and name: `EVENTS.catalog.productSold` is `'events.catalog.product.sold'`. */
export const EVENTS = subjectsByService(EVENT_TABLES);

type EventDeclaration = DeclarationOf<typeof EVENT_TABLES>;

/** Every event subject with its payload class. */
export const EVENT_TYPES = bySubject(EVENT_TABLES, (declaration) => declaration.payload) as {
  readonly [D in EventDeclaration as D['subject']]: D['payload'];
};

export type EventSubject = keyof typeof EVENT_TYPES;
export type EventPayload<S extends EventSubject> = InstanceType<(typeof EVENT_TYPES)[S]>;
