import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { Subscription } from '@nats-io/transport-node';
import { EVENTS, RPC, type ProductReservationEndedEvent, type ProductReservedEvent } from '@souvenir/contracts';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { CatalogConfig } from '../src/config/catalog.config';
import { ReservationsService } from '../src/reservations/reservations.service';

/**
 * The end of a reservation (`catalog.reservation-ends`, pg-boss) on the suite's Postgres and NATS: run early it fails
 * (and is retried), run twice or for a reservation that moved on (extended, lifted) it changes nothing, so exactly
 * one ended event is written per reservation. An hour lasts 2 s here. Payments' open-checkout responder is a stand-in.
 */
const HOUR_SECONDS = 2;
const sellerId = randomUUID();
const buyerId = randomUUID();
const { infra, rpc, nc, app } = serviceSuite(SERVICE_NAME, AppModule, CatalogConfig, {
  env: { RPC_TIMEOUT_MS: '1500', RESERVATION_HOUR_SECONDS: String(HOUR_SECONDS) },
});
let payments: Subscription;

beforeAll(async () => {
  payments = nc.subscribe(RPC.payments.openCheckout, {
    callback: (_err, msg) => {
      const request = msg.json<{ id: string }>();
      msg.respond(JSON.stringify({ id: request.id, response: { open: false }, isDisposed: true }));
    },
  });
  for (const [userId, firstName] of [
    [sellerId, 'Sela'],
    [buyerId, 'Bram'],
  ] as const)
    await jetstream(nc).publish(
      EVENTS.identity.userRegistered,
      JSON.stringify({
        userId,
        username: firstName.toLowerCase(),
        firstName,
        lastName: 'Test',
        avatar: null,
        location: null,
        isVerified: false,
        version: 1,
        occurredAt: new Date().toISOString(),
      }),
      { msgID: randomUUID() },
    );
  await eventually(async () =>
    expect(
      await infra.database.query('SELECT 1 FROM catalog.sellers WHERE id = ANY($1)', [[sellerId, buyerId]]),
    ).toHaveLength(2),
  );
});

afterAll(() => payments?.unsubscribe());

const listed = async () =>
  rpc.send(RPC.catalog.createProduct, {
    actorId: sellerId,
    product: {
      title: 'Woven palm hat',
      description: 'Woven by hand at a market stall',
      price: 18,
      condition: 'new',
      category: 'Clothing',
      country: 'Fiji',
      images: ['https://img.example.com/hat.png'],
    } as never,
  });
const reserve = (productId: string, hours: number) =>
  rpc.send(RPC.catalog.reserveProduct, { actorId: sellerId, productId, buyerId, hours });
const ended = async (productId: string) =>
  (await readStreamEvents<ProductReservationEndedEvent>(infra, EVENTS.catalog.productReservationEnded))
    .map((e) => e.data)
    .filter((e) => e.productId === productId);
const reservedEvents = async (productId: string) =>
  (await readStreamEvents<ProductReservedEvent>(infra, EVENTS.catalog.productReserved))
    .map((e) => e.data)
    .filter((e) => e.productId === productId);

describe('the end of a reservation', () => {
  it('fails early, ends once at its time, and a second run changes nothing', async () => {
    const product = await listed();
    await reserve(product.id, 1);
    const [event] = await eventually(async () => {
      const events = await reservedEvents(product.id);
      expect(events).toHaveLength(1);
      return events;
    });
    const job = { productId: product.id, version: event!.version };
    const reservations = app.get(ReservationsService);
    await expect(reservations.expire(job)).rejects.toThrow(/has not ended yet/);

    await new Promise((resolve) => setTimeout(resolve, HOUR_SECONDS * 1000 + 200));
    // Run by hand as well as by pg-boss (whichever comes first ends it; the other finds nothing to do).
    await reservations.expire(job);
    await reservations.expire(job);
    await eventually(
      async () => expect(await ended(product.id)).toEqual([expect.objectContaining({ reason: 'expired', buyerId })]),
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await ended(product.id)).toHaveLength(1);
    expect(await rpc.send(RPC.catalog.getProduct, { productId: product.id })).not.toHaveProperty('reservedUntil');
  });

  it('leaves a reservation that moved on: the job of one extended or lifted ends nothing', async () => {
    const product = await listed();
    await reserve(product.id, 1);
    const first = await eventually(async () => {
      const events = await reservedEvents(product.id);
      expect(events).toHaveLength(1);
      return events[0]!;
    });
    // Extended for the same buyer: the first reservation's job, due in 2 s, must not end the new one.
    await reserve(product.id, 24);
    await new Promise((resolve) => setTimeout(resolve, HOUR_SECONDS * 1000 + 200));
    await app.get(ReservationsService).expire({ productId: product.id, version: first.version });
    const page = await rpc.send(RPC.catalog.getProduct, { productId: product.id, viewerId: buyerId });
    expect(page.reservedFor?.id).toBe(buyerId);
    expect(await ended(product.id)).toHaveLength(0);

    await rpc.send(RPC.catalog.liftReservation, { actorId: sellerId, productId: product.id });
    await rpc.send(RPC.catalog.liftReservation, { actorId: sellerId, productId: product.id });
    await eventually(async () =>
      expect(await ended(product.id)).toEqual([expect.objectContaining({ reason: 'lifted' })]),
    );
  });
});
