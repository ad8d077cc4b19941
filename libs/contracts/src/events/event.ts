/** One event subject, declared once with the class its payloads are validated against. */
export interface EventDefinition<Subject extends string = string, Payload extends object = object> {
  readonly subject: Subject;
  readonly payload: new () => Payload;
}

/** Declares an event subject with its payload class: `event('events.catalog.product.sold', ProductSoldEvent)`. */
export function event<const Subject extends string, Payload extends object>(
  subject: Subject,
  payload: new () => Payload,
): EventDefinition<Subject, Payload> {
  return { subject, payload };
}

/**
 * A service's event subjects, by the name code uses (`EVENTS.<service>.<name>`). Each subject must start with
 * `events.<service>.`, the only events a service may publish (deploy/nats/auth.conf): one that does not, does not
 * compile.
 */
export function defineEvents<
  const Service extends string,
  const Table extends Readonly<Record<string, EventDefinition<`events.${Service}.${string}`>>>,
>(_service: Service, table: Table): Table {
  return table;
}
