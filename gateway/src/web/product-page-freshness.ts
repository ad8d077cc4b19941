import { Logger } from '@nestjs/common';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  EVENTS,
  ProductOriginChangedEvent,
  ProductRelistedEvent,
  ProductReservationEndedEvent,
  ProductReservedEvent,
  ProductRemovedEvent,
  ProductSoldEvent,
  ProductUpdatedEvent,
} from '@souvenir/contracts';
import { parsePayload } from '@souvenir/platform';
import type { ProductPreviews } from './product-preview';

const logger = new Logger('ProductPageFreshness');

/**
 * Keeps product pages true: a sale, a relisting, a removal and support's origin decision drop the product's kept read
 * on every gateway replica, so its next page reads it again and says Sold, Checked or nothing at once (a kept read
 * offered Buy Now for up to a minute after a sale). Plain subscriptions, not a queue group or a durable consumer:
 * every replica keeps its own reads, so every replica must hear every event, and only while it runs. What it misses
 * while disconnected is covered by forgetting every product on a disconnect.
 * An edit (title, price, photos, anything of the sell form), a reservation and its end drop it the same way (the page
 * says "Reserved" and disables Buy Now for everyone but its buyer).
 */
export function followProductChanges(nc: NatsConnection, previews: ProductPreviews): Subscription[] {
  const forget = (event: { productId: string }) => previews.forget(event.productId);
  const subscriptions = [
    nc.subscribe(EVENTS.catalog.productSold, { callback: handler(ProductSoldEvent, forget) }),
    nc.subscribe(EVENTS.catalog.productRelisted, { callback: handler(ProductRelistedEvent, forget) }),
    nc.subscribe(EVENTS.catalog.productRemoved, { callback: handler(ProductRemovedEvent, forget) }),
    nc.subscribe(EVENTS.catalog.productOriginChanged, { callback: handler(ProductOriginChangedEvent, forget) }),
    nc.subscribe(EVENTS.catalog.productUpdated, { callback: handler(ProductUpdatedEvent, forget) }),
    nc.subscribe(EVENTS.catalog.productReserved, { callback: handler(ProductReservedEvent, forget) }),
    nc.subscribe(EVENTS.catalog.productReservationEnded, { callback: handler(ProductReservationEndedEvent, forget) }),
  ];
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'slowConsumer')
        previews.forgetAll();
    }
  })();
  return subscriptions;
}

/** A subscription's callback: each valid event of `type` applied, an invalid one logged and skipped. */
function handler<T extends object>(type: new () => T, apply: (event: T) => void) {
  return (error: Error | null, msg: Msg) => {
    if (error) return;
    // json() throws on a body that is not JSON: inside the promise, so it is skipped like any invalid event.
    Promise.resolve()
      .then(() => parsePayload(type, msg.json()))
      .then(apply)
      .catch(() => logger.warn({ msg: 'ignoring an invalid event', subject: msg.subject }));
  };
}
