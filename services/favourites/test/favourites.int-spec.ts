import type { INestApplication } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { ErrorCode, EVENTS, RPC, type FavouriteChangedEvent, type ProductDto } from '@souvenir/contracts';
import { DomainError, type RpcClient } from '@souvenir/platform';
import { eventually, readStreamEvents, rpcClient, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../catalog/src/app.module';
import { CatalogConfig } from '../../catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { FavouritesConfig } from '../src/config/favourites.config';

let infra: TestInfra;
const apps: INestApplication[] = [];
let rpc: RpcClient;
let closeRpc: () => Promise<void>;
let seller: string;
let buyer: string;
let other: string;
let products: ProductDto[];

const person = (n: string) => ({ email: `${n}@example.com`, password: 'secret1', username: n, firstName: n, lastName: 'Test' });
const listing = (title: string) => ({
  title, description: 'A lovely handmade souvenir brought home from far away.', price: 25, condition: 'new' as const,
  category: 'Art & Crafts', country: 'Japan', images: ['https://example.com/a.jpg'], isCustomsVerified: true,
});

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | null> {
  return promise.then(() => null, (e: unknown) => (e instanceof DomainError ? e.code : null));
}

beforeAll(async () => {
  infra = await startTestInfra();
  apps.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra));
  apps.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra));
  apps.push(await startService(SERVICE_NAME, FavouritesConfig, (c) => AppModule.register(c), infra));
  ({ rpc, close: closeRpc } = await rpcClient(infra));
  [seller, buyer, other] = await Promise.all(['sakura', 'ben', 'cleo'].map(async (n) => (await rpc.send(RPC.identity.register, person(n))).id));
  products = [];
  for (const title of ['Kokeshi doll', 'Furoshiki cloth', 'Maneki-neko cat']) {
    products.push(await rpc.send(RPC.catalog.createProduct, { actorId: seller, product: listing(title) }));
  }
});

afterAll(async () => {
  await closeRpc?.();
  for (const app of apps.reverse()) await app.close();
  await infra?.stop();
});

describe('favourites service', () => {
  it('adds idempotently and answers the ids newest first', async () => {
    const [p1, p2] = products;
    expect(await rpc.send(RPC.favourites.ids, { actorId: buyer })).toEqual([]);
    await rpc.send(RPC.favourites.add, { actorId: buyer, productId: p1.id });
    await new Promise((r) => setTimeout(r, 10));
    await rpc.send(RPC.favourites.add, { actorId: buyer, productId: p2.id });
    await rpc.send(RPC.favourites.add, { actorId: buyer, productId: p1.id });
    expect(await rpc.send(RPC.favourites.ids, { actorId: buyer })).toEqual([p2.id, p1.id]);
    expect(await codeOf(rpc.send(RPC.favourites.ids, { actorId: 'nope' }))).toBe(ErrorCode.ValidationFailed);
  });

  it('answers which of a page of ids are favourited, per user', async () => {
    const ids = products.map((p) => p.id);
    expect(new Set(await rpc.send(RPC.favourites.favouritedAmong, { actorId: buyer, productIds: ids }))).toEqual(new Set([products[0].id, products[1].id]));
    expect(await rpc.send(RPC.favourites.favouritedAmong, { actorId: other, productIds: ids })).toEqual([]);
    expect(await rpc.send(RPC.favourites.ids, { actorId: other })).toEqual([]);
  });

  it('refuses unknown products with NOT_FOUND', async () => {
    expect(await codeOf(rpc.send(RPC.favourites.add, { actorId: buyer, productId: '00000000-0000-4000-8000-000000000000' }))).toBe(ErrorCode.NotFound);
  });

  it('publishes added and removed events with growing versions', async () => {
    const p3 = products[2];
    await rpc.send(RPC.favourites.add, { actorId: other, productId: p3.id });
    await rpc.send(RPC.favourites.remove, { actorId: other, productId: p3.id });
    await rpc.send(RPC.favourites.remove, { actorId: other, productId: p3.id });
    await rpc.send(RPC.favourites.add, { actorId: other, productId: p3.id });
    await eventually(async () => {
      const added = await readStreamEvents<FavouriteChangedEvent>(infra, EVENTS.favourites.favouriteAdded);
      const removed = await readStreamEvents<FavouriteChangedEvent>(infra, EVENTS.favourites.favouriteRemoved);
      const mine = [...added, ...removed].map((e) => e.data).filter((e) => e.userId === other).sort((a, b) => a.version - b.version);
      expect(mine.map((e) => [e.favourited, e.version])).toEqual([[true, 1], [false, 2], [true, 3]]);
    });
  });

  it('drops a removed product from every list within seconds, and a replayed removal changes nothing', async () => {
    const p1 = products[0];
    await rpc.send(RPC.favourites.add, { actorId: other, productId: p1.id });
    await rpc.send(RPC.catalog.removeProduct, { actorId: seller, productId: p1.id });
    await eventually(async () => {
      expect(await rpc.send(RPC.favourites.ids, { actorId: buyer })).not.toContain(p1.id);
      expect(await rpc.send(RPC.favourites.ids, { actorId: other })).not.toContain(p1.id);
    });
    const nc = await connect({ servers: infra.natsUrl });
    await jetstream(nc).publish(EVENTS.catalog.productRemoved, JSON.stringify({ productId: p1.id, sellerId: seller, occurredAt: new Date().toISOString() }), { msgID: 'replayed-removal' });
    await nc.close();
    await new Promise((r) => setTimeout(r, 500));
    expect(await rpc.send(RPC.favourites.ids, { actorId: buyer })).toEqual([products[1].id]);
    expect(await codeOf(rpc.send(RPC.favourites.add, { actorId: buyer, productId: p1.id }))).toBe(ErrorCode.NotFound);
  });

  it('removes a favourite', async () => {
    await rpc.send(RPC.favourites.remove, { actorId: buyer, productId: products[1].id });
    expect(await rpc.send(RPC.favourites.ids, { actorId: buyer })).toEqual([]);
  });
});
