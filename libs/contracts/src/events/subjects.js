"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EVENT_TYPES = exports.EVENTS = exports.EVENT_STREAM = void 0;
const catalog_events_1 = require("../catalog/catalog.events");
const identity_events_1 = require("../identity/identity.events");
/** The one JetStream stream that carries every domain event. */
exports.EVENT_STREAM = { name: 'EVENTS', subjects: ['events.>'] };
/** Event subjects: `events.<service>.<aggregate>.<past-tense-verb>`. */
exports.EVENTS = {
    identity: {
        userRegistered: 'events.identity.user.registered',
        userUpdated: 'events.identity.user.updated',
    },
    catalog: {
        productListed: 'events.catalog.product.listed',
        productRemoved: 'events.catalog.product.removed',
        productSold: 'events.catalog.product.sold',
    },
};
/** Every event subject with its payload class. */
exports.EVENT_TYPES = {
    [exports.EVENTS.identity.userRegistered]: identity_events_1.UserRegisteredEvent,
    [exports.EVENTS.identity.userUpdated]: identity_events_1.UserUpdatedEvent,
    [exports.EVENTS.catalog.productListed]: catalog_events_1.ProductListedEvent,
    [exports.EVENTS.catalog.productRemoved]: catalog_events_1.ProductRemovedEvent,
    [exports.EVENTS.catalog.productSold]: catalog_events_1.ProductSoldEvent,
};
//# sourceMappingURL=subjects.js.map