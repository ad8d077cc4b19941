import {
  EVENTS,
  RPC,
  type GetProductRequest,
  type OrderPaidEvent,
  type ProductDto,
  type ProductPageDto,
  type ProductSoldEvent,
  type RemoveProductRequest,
} from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';
import type { EventHandlers, Outbox, RpcClient, RpcHandler } from '.';

describe('the contracts type both ends of every subject', () => {
  it('so a wrong payload, reply, handler or publisher does not compile (checked by `tsc -p tsconfig.spec.json`)', () => {
    expect(compileOnly).toBeInstanceOf(Function);
  });
});

// Never run: tsc checks it. Each `@ts-expect-error` line must fail to compile, or tsc fails on the unused directive.
declare const RpcHandlerDecorator: typeof RpcHandler;

async function compileOnly(rpcClient: RpcClient, outbox: Outbox, manager: EntityManager, product: ProductDto) {
  const id = product.id;
  const occurredAt = product.createdAt;

  // A caller sends the subject's request and gets its reply.
  const found: ProductDto = await rpcClient.send(RPC.catalog.getProduct, { productId: id });
  // @ts-expect-error the reply of catalog.product.get is a ProductDto, not a page
  const page: ProductPageDto = await rpcClient.send(RPC.catalog.getProduct, { productId: id });
  // @ts-expect-error catalog.product.get takes a productId, not an actorId
  await rpcClient.send(RPC.catalog.getProduct, { actorId: id });
  // @ts-expect-error a subject nobody declared
  await rpcClient.send('catalog.product.steal', { productId: id });

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

  return [found, page, CatalogHandlers, handlers];
}
