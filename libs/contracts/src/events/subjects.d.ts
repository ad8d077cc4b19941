import { ProductListedEvent, ProductRemovedEvent, ProductSoldEvent } from '../catalog/catalog.events';
import { UserRegisteredEvent, UserUpdatedEvent } from '../identity/identity.events';
/** The one JetStream stream that carries every domain event. */
export declare const EVENT_STREAM: {
    readonly name: "EVENTS";
    readonly subjects: readonly ["events.>"];
};
/** Event subjects: `events.<service>.<aggregate>.<past-tense-verb>`. */
export declare const EVENTS: {
    readonly identity: {
        readonly userRegistered: "events.identity.user.registered";
        readonly userUpdated: "events.identity.user.updated";
    };
    readonly catalog: {
        readonly productListed: "events.catalog.product.listed";
        readonly productRemoved: "events.catalog.product.removed";
        readonly productSold: "events.catalog.product.sold";
    };
};
/** Every event subject with its payload class. */
export declare const EVENT_TYPES: {
    readonly "events.identity.user.registered": typeof UserRegisteredEvent;
    readonly "events.identity.user.updated": typeof UserUpdatedEvent;
    readonly "events.catalog.product.listed": typeof ProductListedEvent;
    readonly "events.catalog.product.removed": typeof ProductRemovedEvent;
    readonly "events.catalog.product.sold": typeof ProductSoldEvent;
};
export type EventSubject = keyof typeof EVENT_TYPES;
export type EventPayload<S extends EventSubject> = InstanceType<(typeof EVENT_TYPES)[S]>;
