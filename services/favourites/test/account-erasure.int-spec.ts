import { EVENTS, RPC, type FavouriteChangedEvent } from '@souvenir/contracts';
import { eventually, readStreamEvents, serviceSuite, userDeleted } from '@souvenir/testing';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../catalog/src/app.module';
import { CatalogConfig } from '../../catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { FavouritesConfig } from '../src/config/favourites.config';

/**
 * favourites' part of an account deletion (identity's user.deleted over real NATS): the person's favourites end (each
 * with its removed event, so catalog's counts follow) and their rows go; as a seller, their card reads "Deleted user".
 * A replay publishes and changes nothing more.
 */
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, FavouritesConfig, {
  before: [
    { name: IDENTITY, module: IdentityModule, config: IdentityConfig },
    { name: CATALOG, module: CatalogModule, config: CatalogConfig },
  ],
});

const person = async (n: string) =>
  (
    await rpc.send(RPC.identity.register, {
      email: `${n}@example.com`,
      password: 'secret1',
      username: n,
      firstName: n,
      lastName: 'Test',
    })
  ).id;
const listed = (actorId: string, title: string) =>
  rpc.send(RPC.catalog.createProduct, {
    actorId,
    product: {
      title,
      description: 'A lovely handmade souvenir brought home from far away.',
      price: 25,
      condition: 'new',
      category: 'Art & Crafts',
      country: 'Japan',
      images: ['https://example.com/a.jpg'],
      isCustomsVerified: true,
    },
  });
const removals = async (userId: string) =>
  (await readStreamEvents<FavouriteChangedEvent>(infra, EVENTS.favourites.favouriteRemoved)).filter(
    (e) => e.data.userId === userId,
  );

it("ends the person's favourites with their events, deletes their rows, and a replay does nothing more", async () => {
  const [seller, leaving, staying] = [await person('sakura'), await person('leaving'), await person('staying')];
  const products = [await listed(seller, 'Kokeshi doll'), await listed(seller, 'Furoshiki cloth')];
  for (const p of products) {
    await rpc.send(RPC.favourites.add, { actorId: leaving, productId: p.id });
    await rpc.send(RPC.favourites.add, { actorId: staying, productId: p.id });
  }

  await userDeleted(infra, 'favourites', leaving, 'favourites-erasure-1');

  expect((await rpc.send(RPC.favourites.list, { actorId: leaving, limit: 100 })).products).toEqual([]);
  expect(await infra.database.query('SELECT 1 FROM favourites.favourites WHERE user_id = $1', [leaving])).toEqual([]);
  expect((await rpc.send(RPC.favourites.list, { actorId: staying, limit: 100 })).products).toHaveLength(2);
  // Published by the outbox relay after the commit.
  const ended = await eventually(async () => {
    const found = await removals(leaving);
    expect(found.map((e) => e.data.productId).sort()).toEqual(products.map((p) => p.id).sort());
    return found;
  });
  expect(ended.every((e) => e.data.favourited === false)).toBe(true);

  // The outbox, not the stream: a second removal would be written there in the replay's own transaction.
  const written = async () =>
    (
      await infra.database.query(
        `SELECT 1 FROM favourites.outbox_events WHERE subject = $1 AND payload->>'userId' = $2`,
        [EVENTS.favourites.favouriteRemoved, leaving],
      )
    ).length;
  expect(await written()).toBe(2);
  await userDeleted(infra, 'favourites', leaving, 'favourites-erasure-2');
  expect(await written()).toBe(2);
});

it('shows a deleted seller\'s card as "Deleted user" in everyone\'s favourites', async () => {
  const [seller, fan] = [await person('hiro'), await person('fan')];
  const sold = await listed(seller, 'Daruma');
  await rpc.send(RPC.favourites.add, { actorId: fan, productId: sold.id });
  await rpc.send(RPC.favourites.list, { actorId: fan, limit: 100 });

  await userDeleted(infra, 'favourites', seller, 'favourites-erasure-seller');
  await userDeleted(infra, 'favourites', seller, 'favourites-erasure-seller-again');

  const [row] = await infra.database.query<{ first_name: string; last_name: string; avatar: string | null }>(
    'SELECT first_name, last_name, avatar FROM favourites.sellers WHERE id = $1',
    [seller],
  );
  expect(row).toEqual({ first_name: 'Deleted', last_name: 'user', avatar: null });
});
