import type { EventHandlers, Outbox, RpcClient, RpcHandler } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { GetProductRequest, RemoveProductRequest } from './catalog/catalog.rpc';
import { ProductSoldEvent } from './catalog/catalog.events';
import type { ProductDto, ProductPageDto } from './catalog/product.dto';
import { defineEvents, event } from './events/event';
import { EVENT_TYPES, EVENTS, type EventPayload } from './events/subjects';
import { GetUserRequest } from './identity/identity.rpc';
import { UserRegisteredEvent } from './identity/identity.events';
import type { UserDto } from './identity/user.dto';
import type { OrderPaidEvent } from './payments/payments.events';
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
    expect(Object.keys(EVENTS)).toEqual(Object.keys(RPC));
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

  it('ties both ends of every subject to its types (checked by `tsc -p tsconfig.spec.json`, see compileOnly)', () => {
    expect(compileOnly).toBeInstanceOf(Function);
  });
});

// Never run: tsc checks it. Each `@ts-expect-error` line must fail to compile, or tsc fails on the unused directive.
declare const RpcHandlerDecorator: typeof RpcHandler;
const id = '7b0a2c7e-4d55-4f43-9d0b-3f1d2c9e8a11';
const occurredAt = '2026-01-01T00:00:00.000Z';

async function compileOnly(rpcClient: RpcClient, outbox: Outbox, manager: EntityManager, product: ProductDto) {
  // A caller sends the subject's request and gets its reply.
  const found: ProductDto = await rpcClient.send(RPC.catalog.getProduct, { productId: id });
  // @ts-expect-error the reply of catalog.product.get is a ProductDto, not a page
  const page: ProductPageDto = await rpcClient.send(RPC.catalog.getProduct, { productId: id });
  // @ts-expect-error catalog.product.get takes a productId, not an actorId
  await rpcClient.send(RPC.catalog.getProduct, { actorId: id });
  // @ts-expect-error a subject nobody declared
  await rpcClient.send('catalog.product.steal', { productId: id });
  const done: RpcResponse<typeof RPC.catalog.removeProduct> = { ok: true } satisfies Done;
  // @ts-expect-error the request of catalog.product.get has no sellerId
  const request: RpcRequest<typeof RPC.catalog.getProduct> = { productId: id, sellerId: id };

  // A handler takes the subject's request class and answers its reply type, exactly.
  class CatalogHandlers {
    @RpcHandlerDecorator(RPC.catalog.getProduct)
    async getProduct(request: GetProductRequest): Promise<ProductDto> {
      return { ...product, id: request.productId };
    }

    // @ts-expect-error a handler of catalog.product.get taking another subject's request
    @RpcHandlerDecorator(RPC.catalog.getProduct)
    async takesWrongRequest(request: RemoveProductRequest): Promise<ProductDto> {
      return { ...product, id: request.productId };
    }

    // @ts-expect-error a handler of catalog.product.remove answering a product instead of Done
    @RpcHandlerDecorator(RPC.catalog.removeProduct)
    async answersWrongReply(_request: RemoveProductRequest): Promise<ProductDto> {
      return product;
    }
  }

  // A publisher writes the subject's payload to the outbox; a consumer's handler takes it.
  await outbox.add(manager, EVENTS.catalog.productSold, { productId: id, sellerId: id, occurredAt });
  // @ts-expect-error a product.sold event without its sellerId
  await outbox.add(manager, EVENTS.catalog.productSold, { productId: id, occurredAt });
  // @ts-expect-error a product.sold payload (version optional) published as product.relisted (version required)
  await outbox.add(manager, EVENTS.catalog.productRelisted, {} as ProductSoldEvent);
  const handlers: EventHandlers = {
    [EVENTS.catalog.productSold]: async (sold: ProductSoldEvent) => void sold.productId,
    // @ts-expect-error a handler of events.catalog.product.removed expecting an order's payload
    [EVENTS.catalog.productRemoved]: async (paid: OrderPaidEvent) => void paid.orderId,
  };
  const sold: EventPayload<typeof EVENTS.catalog.productSold> = { productId: id, sellerId: id, occurredAt };

  // A declaration outside its service's subjects does not compile.
  // @ts-expect-error catalog declaring one of identity's subjects
  defineRpc('catalog', { getUser: rpc('identity.user.get', GetUserRequest).returns<UserDto>() });
  // @ts-expect-error catalog declaring an event outside events.catalog.
  defineEvents('catalog', { productSold: event('events.payments.product.sold', ProductSoldEvent) });

  return [found, page, done, request, CatalogHandlers, handlers, sold];
}
