import { ProductListedEvent, ProductRemovedEvent, ProductSoldEvent } from '../catalog/catalog.events';
import { UserRegisteredEvent, UserUpdatedEvent } from '../identity/identity.events';

/** The one JetStream stream that carries every domain event. */
export const EVENT_STREAM = { name: 'EVENTS', subjects: ['events.>'] } as const;

/** Event subjects: `events.<service>.<aggregate>.<past-tense-verb>`. */
export const EVENTS = {
  identity: {
    userRegistered: 'events.identity.user.registered',
    userUpdated: 'events.identity.user.updated',
  },
  catalog: {
    productListed: 'events.catalog.product.listed',
    productRemoved: 'events.catalog.product.removed',
    productSold: 'events.catalog.product.sold',
  },
} as const;

/** Every event subject with its payload class. */
export const EVENT_TYPES = {
  [EVENTS.identity.userRegistered]: UserRegisteredEvent,
  [EVENTS.identity.userUpdated]: UserUpdatedEvent,
  [EVENTS.catalog.productListed]: ProductListedEvent,
  [EVENTS.catalog.productRemoved]: ProductRemovedEvent,
  [EVENTS.catalog.productSold]: ProductSoldEvent,
} as const;

export type EventSubject = keyof typeof EVENT_TYPES;
export type EventPayload<S extends EventSubject> = InstanceType<(typeof EVENT_TYPES)[S]>;
