import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { DomainError } from '@souvenir/platform';
import { ErrorCode, EVENTS, RPC, type ProductDto, type ProductRemovedEvent } from '@souvenir/contracts';
import { eventually, processed, readStreamEvents, serviceSuite, userDeleted } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';

/**
 * catalog's part of an account deletion (identity's user.deleted over real NATS): the seller's listings on sale are
 * removed with the usual event, the documents of every listing of theirs lose their details, and the seller read
 * model says "Deleted user" for good. Replaying the deletion removes and publishes nothing more.
 */
const sellerId = randomUUID();
const otherSellerId = randomUUID();

const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, { env: { RPC_TIMEOUT_MS: '1500' } });

const profile = (userId: string, firstName: string, version: number) => ({
  userId,
  username: firstName.toLowerCase(),
  firstName,
  lastName: 'Tanaka',
  avatar: 'https://img.example.com/face.png',
  location: 'Kyoto, Japan',
  isVerified: false,
  version,
  occurredAt: new Date().toISOString(),
});

async function publish(subject: string, event: object, msgID: string = randomUUID()): Promise<string> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID });
  return msgID;
}

const listed = (actorId: string, title: string): Promise<ProductDto> =>
  rpc.send(RPC.catalog.createProduct, {
    actorId,
    product: {
      title,
      description: 'Hand-made on a journey through Japan',
      price: 20,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://img.example.com/a.png'],
      isCustomsVerified: false,
    },
  });

const removedEventsOf = async (productId: string) =>
  (await readStreamEvents<ProductRemovedEvent>(infra, EVENTS.catalog.productRemoved)).filter(
    (e) => e.data.productId === productId,
  );

beforeAll(async () => {
  await publish(EVENTS.identity.userRegistered, profile(sellerId, 'Yuki', 1));
  await publish(EVENTS.identity.userRegistered, profile(otherSellerId, 'Aiko', 1));
  await eventually(async () =>
    expect(
      await infra.database.query('SELECT 1 FROM catalog.sellers WHERE id = ANY($1)', [[sellerId, otherSellerId]]),
    ).toHaveLength(2),
  );
});

it('removes the listings on sale, erases the documents and the seller row, and a replay or late profile changes nothing', async () => {
  const [first, second] = [await listed(sellerId, 'Kokeshi doll'), await listed(sellerId, 'Folding fan')];
  const kept = await listed(otherSellerId, 'Tea bowl');
  await infra.database.query(`UPDATE catalog.products SET provenance = $2 WHERE id = $1`, [
    first.id,
    JSON.stringify({ boughtAt: 'Nishiki market', receipt: 'receipt naming Yuki Tanaka' }),
  ]);

  await userDeleted(infra, 'catalog', sellerId, 'catalog-erasure-1');

  for (const product of [first, second]) {
    const gone = await rpc.send(RPC.catalog.getProduct, { productId: product.id }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(DomainError);
    expect((gone as DomainError).code).toBe(ErrorCode.NotFound);
    await eventually(async () => expect(await removedEventsOf(product.id)).toHaveLength(1));
  }
  expect((await rpc.send(RPC.catalog.getProduct, { productId: kept.id })).status).toBe('active');
  const browse = await rpc.send(RPC.catalog.listProducts, { query: {} });
  expect(browse.items.map((p) => p.id)).toEqual([kept.id]);
  const [provenance] = await infra.database.query<{ provenance: unknown }>(
    'SELECT provenance FROM catalog.products WHERE id = $1',
    [first.id],
  );
  expect(provenance.provenance).toBeNull();
  const sellerRow = async () =>
    (
      await infra.database.query(
        'SELECT username, first_name, last_name, avatar, location, ships_from FROM catalog.sellers WHERE id = $1',
        [sellerId],
      )
    )[0];
  const erased = {
    username: null,
    first_name: 'Deleted',
    last_name: 'user',
    avatar: null,
    location: null,
    ships_from: null,
  };
  expect(await sellerRow()).toEqual(erased);

  await userDeleted(infra, 'catalog', sellerId, 'catalog-erasure-2');
  const late = await publish(EVENTS.identity.userUpdated, profile(sellerId, 'Yuki', 7));
  await processed(infra, 'catalog', [late]);
  expect(await sellerRow()).toEqual(erased);
  for (const product of [first, second]) expect(await removedEventsOf(product.id)).toHaveLength(1);
});
