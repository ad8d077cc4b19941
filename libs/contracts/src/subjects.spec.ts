import { GetProductRequest } from './catalog/catalog.rpc';
import { ProductSoldEvent } from './catalog/catalog.events';
import type { ProductDto, ProductPageDto } from './catalog/product.dto';
import { defineEvents, event } from './events/event';
import { EVENT_TYPES, EVENTS, type EventPayload } from './events/subjects';
import { GetUserRequest } from './identity/identity.rpc';
import { UserRegisteredEvent } from './identity/identity.events';
import type { UserDto } from './identity/user.dto';
import { defineRpc, rpc, type Done } from './rpc/contract';
import { RPC, RPC_REQUEST_TYPES, type RpcRequest, type RpcResponse } from './rpc/subjects';
import { bySubject } from './subject-tables';

describe('subjects derived from their one declaration', () => {
  const rpcSubjects = Object.entries(RPC).flatMap(([service, names]) =>
    Object.values(names).map((subject) => [service, subject]),
  );
  const eventSubjects = Object.entries(EVENTS).flatMap(([service, names]) =>
    Object.values(names).map((subject) => [service, subject]),
  );

  it('names each subject by service and name', () => {
    expect(RPC.catalog.getProduct).toBe('catalog.product.get');
    expect(EVENTS.catalog.productSold).toBe('events.catalog.product.sold');
  });

  it('puts every subject under its service (its queue group, and the only events it may publish)', () => {
    for (const [service, subject] of rpcSubjects) expect(subject.startsWith(`${service}.`)).toBe(true);
    for (const [service, subject] of eventSubjects) expect(subject.startsWith(`events.${service}.`)).toBe(true);
    // A service may publish no events (notifications only answers requests), but an event's service always serves.
    expect(Object.keys(RPC)).toEqual(expect.arrayContaining(Object.keys(EVENTS)));
  });

  it('validates every request and every event with the class declared beside its subject', () => {
    expect(Object.keys(RPC_REQUEST_TYPES).sort()).toEqual(rpcSubjects.map(([, subject]) => subject).sort());
    expect(Object.keys(EVENT_TYPES).sort()).toEqual(eventSubjects.map(([, subject]) => subject).sort());
    expect(RPC_REQUEST_TYPES[RPC.catalog.getProduct]).toBe(GetProductRequest);
    expect(RPC_REQUEST_TYPES[RPC.identity.getUser]).toBe(GetUserRequest);
    expect(EVENT_TYPES[EVENTS.catalog.productSold]).toBe(ProductSoldEvent);
    expect(EVENT_TYPES[EVENTS.identity.userRegistered]).toBe(UserRegisteredEvent);
  });

  it('refuses a subject declared twice, which would leave one declaration unreachable', () => {
    const getUser = rpc('identity.user.get', GetUserRequest).returns<UserDto>();
    expect(() => bySubject({ identity: { getUser }, other: { getUser } }, (d) => d.request)).toThrow(
      'Subject identity.user.get is declared twice',
    );
  });

  // libs/platform/src/contract-typing.spec.ts proves the same of RpcClient.send, @RpcHandler, Outbox.add and
  // EventHandlers, which take their types from here.
  it('ties every subject to its request, reply and payload types (checked by `tsc -p tsconfig.spec.json`)', () => {
    expect(compileOnly).toBeInstanceOf(Function);
  });
});

// Never run: tsc checks it. Each `@ts-expect-error` line must fail to compile, or tsc fails on the unused directive.
function compileOnly(product: ProductDto) {
  const id = product.id;
  const occurredAt = product.createdAt;
  const request: RpcRequest<typeof RPC.catalog.getProduct> = { productId: id, removedAsConflict: true };
  // @ts-expect-error catalog.product.get takes a productId, not an actorId
  const wrongRequest: RpcRequest<typeof RPC.catalog.getProduct> = { actorId: id };
  const reply: RpcResponse<typeof RPC.catalog.getProduct> = product;
  // @ts-expect-error the reply of catalog.product.get is a ProductDto, not a page
  const wrongReply: ProductPageDto = reply;
  const done: RpcResponse<typeof RPC.catalog.removeProduct> = { ok: true } satisfies Done;
  // @ts-expect-error a subject nobody declared
  const unknown: RpcRequest<'catalog.product.steal'> = { productId: id };
  const sold: EventPayload<typeof EVENTS.catalog.productSold> = { productId: id, sellerId: id, occurredAt };
  // @ts-expect-error a product.sold payload (version optional) where product.relisted's (version required) is due
  const relisted: EventPayload<typeof EVENTS.catalog.productRelisted> = sold;

  // A declaration outside its service's subjects does not compile.
  // @ts-expect-error catalog declaring one of identity's subjects
  defineRpc('catalog', { getUser: rpc('identity.user.get', GetUserRequest).returns<UserDto>() });
  // @ts-expect-error catalog declaring an event outside events.catalog.
  defineEvents('catalog', { productSold: event('events.payments.product.sold', ProductSoldEvent) });

  return [request, wrongRequest, wrongReply, done, unknown, relisted];
}
