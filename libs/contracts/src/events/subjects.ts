import { CATALOG_EVENT_TYPES, CATALOG_EVENTS } from '../catalog/catalog.events';
import { FAVOURITES_EVENT_TYPES, FAVOURITES_EVENTS } from '../favourites/favourites.events';
import { IDENTITY_EVENT_TYPES, IDENTITY_EVENTS } from '../identity/identity.events';
import { MESSAGING_EVENT_TYPES, MESSAGING_EVENTS } from '../messaging/messaging.events';
import { PAYMENTS_EVENT_TYPES, PAYMENTS_EVENTS } from '../payments/payments.events';

/** The one JetStream stream that carries every domain event. */
export const EVENT_STREAM = { name: 'EVENTS', subjects: ['events.>'] } as const;

/**
 * Event subjects: `events.<service>.<aggregate>.<past-tense-verb>`, one payload class each (defined beside
 * the service's other contracts in `<service>.events.ts`).
 */
export const EVENTS = {
  identity: IDENTITY_EVENTS,
  catalog: CATALOG_EVENTS,
  favourites: FAVOURITES_EVENTS,
  messaging: MESSAGING_EVENTS,
  payments: PAYMENTS_EVENTS,
} as const;

/** Every event subject with its payload class. */
export const EVENT_TYPES = {
  ...IDENTITY_EVENT_TYPES,
  ...CATALOG_EVENT_TYPES,
  ...FAVOURITES_EVENT_TYPES,
  ...MESSAGING_EVENT_TYPES,
  ...PAYMENTS_EVENT_TYPES,
} as const;

export type EventSubject = keyof typeof EVENT_TYPES;
export type EventPayload<S extends EventSubject> = InstanceType<(typeof EVENT_TYPES)[S]>;
