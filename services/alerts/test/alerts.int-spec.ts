import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  ErrorCode,
  EVENTS,
  RPC,
  SAVED_SEARCH_MESSAGES,
  type ProductListedEvent,
  type SaveSearchDto,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { AlertsConfig } from '../src/config/alerts.config';

/*
 * The matcher on the real Postgres and NATS: catalog's events are published as catalog writes them, and what alerts
 * recorded (its matches and the events in its outbox) is read back. Words are matched as catalog's search matches
 * them: prefixes, stems, "-ves" singulars, accents folded; filters as browse's.
 */
const { infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, AlertsConfig, { rpcTimeoutMs: 8000 });

const publish = (subject: string, payload: object) =>
  jetstream(nc).publish(subject, JSON.stringify(payload), { msgID: randomUUID() });

const save = (actorId: string, search: SaveSearchDto) => rpc.send(RPC.alerts.createSavedSearch, { actorId, ...search });

/**
 * Lists a product (catalog's event) and, unless told not to, answers moderation's keyword check as clear (as moderation
 * does for each listing); waits until alerts has applied both and answers the saved searches it matched.
 */
async function listed(
  owner: string,
  overrides: Partial<ProductListedEvent> = {},
  { screened = true }: { screened?: boolean } = {},
): Promise<string[]> {
  const event: ProductListedEvent = {
    productId: randomUUID(),
    sellerId: randomUUID(),
    title: 'Blue Talavera tiles',
    description: 'Hand-painted in Puebla',
    price: '25.00',
    category: 'Home Decor',
    country: 'Mexico',
    condition: 'new',
    shipsFrom: 'Mexico',
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
  await publish(EVENTS.catalog.productListed, event);
  if (screened) await screen(event.productId, false);
  await applied(event.productId, screened ? 'listed AND screened' : 'listed');
  return matchesOf(event.productId, owner);
}

/** moderation's answer for a new listing. */
const screen = (productId: string, held: boolean) =>
  publish(EVENTS.moderation.listingScreened, { productId, held, occurredAt: now() });

/** Waits until alerts' row of the product satisfies `condition` (SQL over alerts.products). */
const applied = (productId: string, condition: string) =>
  eventually(async () =>
    expect(
      await infra.database.query(`SELECT 1 FROM alerts.products WHERE id = $1 AND ${condition}`, [productId]),
    ).toHaveLength(1),
  );

/** The saved searches of `owner` that matched the product (the other tests' searches match too). */
async function matchesOf(productId: string, owner: string): Promise<string[]> {
  const rows = (await infra.database.query(
    `SELECT m.saved_search_id FROM alerts.matches m JOIN alerts.saved_searches s ON s.id = m.saved_search_id
      WHERE m.product_id = $1 AND s.user_id = $2 ORDER BY m.saved_search_id`,
    [productId, owner],
  )) as { saved_search_id: string }[];
  return rows.map((r) => r.saved_search_id);
}

describe('alerts', () => {
  it('matches words as the search does: prefixes, stems, plurals in -ves, accents and any field', async () => {
    const me = randomUUID();
    const tile = await save(me, { search: 'talavera tile' });
    const partial = await save(me, { search: 'talav' });
    const scarf = await save(me, { search: 'scarf' });
    const cafe = await save(me, { search: 'café' });
    const country = await save(me, { search: 'mexico' });

    expect(await listed(me)).toEqual([tile.id, partial.id, country.id].sort());
    expect(await listed(me, { title: 'Silk Scarves', country: 'Peru', shipsFrom: 'Peru' })).toEqual([scarf.id]);
    expect(await listed(me, { title: 'Cafe de olla mug', country: 'Peru', shipsFrom: 'Peru' })).toEqual([cafe.id]);
    expect(await listed(me, { title: 'Talavera plate', country: 'Spain', shipsFrom: 'Spain' })).toEqual([partial.id]);
  });

  it('applies the filters: country, price range, condition, categories (sell categories and terms)', async () => {
    const me = randomUUID();
    const cheap = await save(me, { search: 'alebrije', maxPrice: 30 });
    const peru = await save(me, { country: 'Peru', condition: 'good' });
    const ceramics = await save(me, { categories: ['Ceramics & Pottery'] });
    const jewelry = await save(me, { categories: ['Jewelry'], minPrice: 10 });

    expect(await listed(me, { title: 'Alebrije jaguar', price: '29.99' })).toEqual([cheap.id]);
    expect(await listed(me, { title: 'Alebrije owl', price: '30.01' })).toEqual([]);
    expect(await listed(me, { title: 'Llama', country: 'Peru', condition: 'good' })).toEqual([peru.id]);
    expect(await listed(me, { title: 'Llama', country: 'Peru', condition: 'new' })).toEqual([]);
    expect(await listed(me, { title: 'Ceramic bowl', category: 'Home Decor' })).toEqual([ceramics.id]);
    expect(await listed(me, { title: 'Silver ring', category: 'Jewelry', price: '12.00' })).toEqual([jewelry.id]);
    expect(await listed(me, { title: 'Silver ring', category: 'Jewelry', price: '5.00' })).toEqual([]);
  });

  it("never matches the owner's own listing, a blocked seller's, or one that cannot be delivered to them", async () => {
    const me = randomUUID();
    const other = randomUUID();
    const search = await save(me, { search: 'huipil' });
    expect(await listed(me, { title: 'Huipil blouse', sellerId: me })).toEqual([]);

    await publish(EVENTS.identity.blockChanged, {
      blockerId: me,
      blockedId: other,
      blocked: true,
      version: 1,
      occurredAt: now(),
    });
    await eventually(async () =>
      expect(await infra.database.query(`SELECT 1 FROM alerts.blocks WHERE blocker_id = $1`, [me])).toHaveLength(1),
    );
    expect(await listed(me, { title: 'Huipil blouse', sellerId: other })).toEqual([]);

    await publish(EVENTS.identity.userUpdated, {
      userId: me,
      username: 'me',
      firstName: 'Me',
      lastName: 'Test',
      avatar: null,
      location: 'Puebla, Mexico',
      isVerified: false,
      version: 2,
      occurredAt: new Date().toISOString(),
    });
    await eventually(async () =>
      expect(await infra.database.query(`SELECT ships_to FROM alerts.people WHERE user_id = $1`, [me])).toEqual([
        { ships_to: 'Mexico' },
      ]),
    );
    expect(await listed(me, { title: 'Huipil blouse', shipsFrom: 'United Kingdom' })).toEqual([]);
    expect(await listed(me, { title: 'Huipil blouse', shipsFrom: 'Mexico' })).toEqual([search.id]);
  });

  it('matches a relisted or cheaper listing that now matches, once per search and listing', async () => {
    const me = randomUUID();
    const search = await save(me, { search: 'rebozo', maxPrice: 50 });
    const productId = randomUUID();
    expect(await listed(me, { productId, title: 'Rebozo shawl', price: '80.00', country: 'Peru' })).toEqual([]);

    const updated = (version: number, price: string) =>
      publish(EVENTS.catalog.productUpdated, {
        productId,
        sellerId: randomUUID(),
        version,
        title: 'Rebozo shawl',
        price,
        previousPrice: '80.00',
        images: [],
        occurredAt: new Date().toISOString(),
      });
    await updated(1, '45.00');
    await eventually(async () => expect(await matchesOf(productId, me)).toEqual([search.id]));
    await publish(EVENTS.catalog.productRemoved, { productId, sellerId: randomUUID(), version: 2, occurredAt: now() });
    await publish(EVENTS.catalog.productRelisted, { productId, sellerId: randomUUID(), version: 3, occurredAt: now() });
    await eventually(async () =>
      expect(await infra.database.query(`SELECT status FROM alerts.products WHERE id = $1`, [productId])).toEqual([
        { status: 'active' },
      ]),
    );
    const events = (await infra.database.query(
      `SELECT payload FROM alerts.outbox_events WHERE subject = $1 AND payload->>'productId' = $2`,
      [EVENTS.alerts.searchMatched, productId],
    )) as { payload: Record<string, unknown> }[];
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ savedSearchId: search.id, userId: me, label: '"rebozo" up to $50', price: '45.00' }),
    ]);
  });

  it('announces a new listing only once moderation has screened it, and never one it holds', async () => {
    const me = randomUUID();
    const search = await save(me, { search: 'matryoshka' });
    const clear = randomUUID();
    expect(await listed(me, { productId: clear, title: 'Matryoshka doll' }, { screened: false })).toEqual([]);
    await screen(clear, false);
    await eventually(async () => expect(await matchesOf(clear, me)).toEqual([search.id]));

    // Held for its keywords: catalog's removal (version 1) comes a moment later, and support's dismissal relists it.
    const held = randomUUID();
    await screen(held, true);
    expect(await listed(me, { productId: held, title: 'Matryoshka doll, ivory' }, { screened: false })).toEqual([]);
    await publish(EVENTS.catalog.productRemoved, {
      productId: held,
      sellerId: randomUUID(),
      version: 1,
      occurredAt: now(),
    });
    await applied(held, `sale_version = 1`);
    expect(await matchesOf(held, me)).toEqual([]);
    await publish(EVENTS.catalog.productRelisted, {
      productId: held,
      sellerId: randomUUID(),
      version: 2,
      occurredAt: now(),
    });
    await eventually(async () => expect(await matchesOf(held, me)).toEqual([search.id]));
  });

  it('never announces a listing created held, or removed or sold before its listing is applied', async () => {
    const me = randomUUID();
    const search = await save(me, { search: 'samovar' });
    // catalog's velocity check: listed held, and removed in the same transaction (the removal may come first).
    const held = randomUUID();
    expect(await listed(me, { productId: held, title: 'Brass samovar', held: true })).toEqual([]);
    const removedFirst = randomUUID();
    await publish(EVENTS.catalog.productRemoved, {
      productId: removedFirst,
      sellerId: randomUUID(),
      version: 1,
      occurredAt: now(),
    });
    await applied(removedFirst, `status = 'removed'`);
    expect(await listed(me, { productId: removedFirst, title: 'Brass samovar' })).toEqual([]);
    const soldFirst = randomUUID();
    await publish(EVENTS.catalog.productSold, {
      productId: soldFirst,
      sellerId: randomUUID(),
      version: 1,
      occurredAt: now(),
    });
    await applied(soldFirst, `status = 'sold'`);
    expect(await listed(me, { productId: soldFirst, title: 'Brass samovar' })).toEqual([]);

    // Support releases the held one: relisted, now announced.
    await publish(EVENTS.catalog.productRelisted, {
      productId: held,
      sellerId: randomUUID(),
      version: 2,
      occurredAt: now(),
    });
    await eventually(async () => expect(await matchesOf(held, me)).toEqual([search.id]));
  });

  it('never announces a reserved listing; its reservation ending (or a relisting) puts it back', async () => {
    const me = randomUUID();
    const search = await save(me, { search: 'kokeshi', maxPrice: 30 });
    const reserved = (productId: string, version: number, saleVersion: number) =>
      publish(EVENTS.catalog.productReserved, {
        productId,
        sellerId: randomUUID(),
        buyerId: randomUUID(),
        title: 'Kokeshi doll',
        reservedUntil: new Date(Date.now() + 3_600_000).toISOString(),
        hours: 1,
        version,
        saleVersion,
        occurredAt: now(),
      });

    // Reserved, then cheaper: the price drop announces nothing until the reservation ends.
    const cheaper = randomUUID();
    expect(await listed(me, { productId: cheaper, title: 'Kokeshi doll', price: '45.00' })).toEqual([]);
    await reserved(cheaper, 1, 0);
    await applied(cheaper, 'reservation_version = 1');
    await publish(EVENTS.catalog.productUpdated, {
      productId: cheaper,
      sellerId: randomUUID(),
      version: 1,
      title: 'Kokeshi doll',
      price: '25.00',
      previousPrice: '45.00',
      images: [],
      occurredAt: now(),
    });
    await applied(cheaper, 'edit_version = 1');
    expect(await matchesOf(cheaper, me)).toEqual([]);
    await publish(EVENTS.catalog.productReservationEnded, {
      productId: cheaper,
      sellerId: randomUUID(),
      buyerId: randomUUID(),
      reason: 'lifted',
      version: 2,
      occurredAt: now(),
    });
    await eventually(async () => expect(await matchesOf(cheaper, me)).toEqual([search.id]));

    // An edit made while reserved, applied before the reserved event reaches alerts: it carries the reservation.
    const editedFirst = randomUUID();
    expect(await listed(me, { productId: editedFirst, title: 'Kokeshi doll', price: '45.00' })).toEqual([]);
    await publish(EVENTS.catalog.productUpdated, {
      productId: editedFirst,
      sellerId: randomUUID(),
      version: 1,
      title: 'Kokeshi doll',
      price: '25.00',
      previousPrice: '45.00',
      images: [],
      reservationVersion: 1,
      saleVersion: 0,
      reservedUntil: new Date(Date.now() + 3_600_000).toISOString(),
      occurredAt: now(),
    });
    await applied(editedFirst, 'edit_version = 1');
    expect(await matchesOf(editedFirst, me)).toEqual([]);

    // Reserved before moderation's answer came: nothing; removed and relisted (which ends a reservation without a
    // reservation event): announced.
    const relisted = randomUUID();
    expect(await listed(me, { productId: relisted, title: 'Kokeshi doll' }, { screened: false })).toEqual([]);
    await reserved(relisted, 1, 0);
    await applied(relisted, 'reservation_version = 1');
    await screen(relisted, false);
    await applied(relisted, 'screened');
    expect(await matchesOf(relisted, me)).toEqual([]);
    await publish(EVENTS.catalog.productRemoved, {
      productId: relisted,
      sellerId: randomUUID(),
      version: 1,
      occurredAt: now(),
    });
    await publish(EVENTS.catalog.productRelisted, {
      productId: relisted,
      sellerId: randomUUID(),
      version: 2,
      occurredAt: now(),
    });
    await eventually(async () => expect(await matchesOf(relisted, me)).toEqual([search.id]));
  });

  it('refuses an empty search and a 51st, and lists and deletes for the owner only', async () => {
    const me = randomUUID();
    await expect(save(me, { search: ' ?! ' })).rejects.toEqual(
      new DomainError(ErrorCode.ValidationFailed, SAVED_SEARCH_MESSAGES.empty),
    );
    for (let i = 0; i < 50; i++) await save(me, { search: `word${i}` });
    await expect(save(me, { search: 'one more' })).rejects.toEqual(DomainError.conflict(SAVED_SEARCH_MESSAGES.tooMany));
    const [newest] = await rpc.send(RPC.alerts.listSavedSearches, { actorId: me });
    await expect(
      rpc.send(RPC.alerts.deleteSavedSearch, { actorId: randomUUID(), savedSearchId: newest.id }),
    ).rejects.toEqual(DomainError.notFound('Saved search'));
    await rpc.send(RPC.alerts.deleteSavedSearch, { actorId: me, savedSearchId: newest.id });
    expect(await rpc.send(RPC.alerts.listSavedSearches, { actorId: me })).toHaveLength(49);
  });
});

describe('privacy', () => {
  it("exports a person's saved searches and their matches, and erases them with the account", async () => {
    const me = randomUUID();
    const someoneElse = randomUUID();
    const search = await save(me, { search: 'molinillo', maxPrice: 40 });
    await save(someoneElse, { search: 'molinillo' });
    const productId = randomUUID();
    expect(await listed(me, { productId, title: 'Molinillo whisk', price: '12.00' })).toEqual([search.id]);

    const searches = await rpc.send(RPC.alerts.exportUserData, { userId: me, section: 'saved-searches' });
    expect(searches).toEqual({
      items: [expect.objectContaining({ id: search.id, search: 'molinillo', maxPrice: 40, minPrice: null })],
    });
    const matches = await rpc.send(RPC.alerts.exportUserData, { userId: me, section: 'saved-search-matches' });
    expect(matches).toEqual({ items: [expect.objectContaining({ savedSearchId: search.id, productId })] });

    await publish(EVENTS.identity.userDeleted, { userId: me });
    await eventually(async () =>
      expect(await infra.database.query(`SELECT 1 FROM alerts.saved_searches WHERE user_id = $1`, [me])).toHaveLength(
        0,
      ),
    );
    expect(await infra.database.query(`SELECT 1 FROM alerts.matches WHERE saved_search_id = $1`, [search.id])).toEqual(
      [],
    );
    expect(
      await infra.database.query(`SELECT 1 FROM alerts.saved_search_keys WHERE saved_search_id = $1`, [search.id]),
    ).toEqual([]);
    expect((await rpc.send(RPC.alerts.exportUserData, { userId: me, section: 'saved-searches' })).items).toEqual([]);
    // Nobody else's searches go with it.
    expect(await rpc.send(RPC.alerts.listSavedSearches, { actorId: someoneElse })).toHaveLength(1);
  });
});

const now = () => new Date().toISOString();
