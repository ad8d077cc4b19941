import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { DataSource } from 'typeorm';
import { addOutboxClaims, addOutboxRetries, createPlatformTables } from '../database/platform-tables';
import { ProcessedEventEntity } from '../events/processed-event.entity';
import { EventTablesRetention } from './event-tables-retention';
import { Outbox } from './outbox';
import { OutboxEventEntity } from './outbox-event.entity';
import { OutboxRelay } from './outbox-relay';

// Real Postgres and NATS with JetStream (the machine's servers, as libs/testing uses them): the outbox table made by
// the migrations' helpers in a schema of its own, and a stream of this file's own; both dropped afterwards.
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const id = randomUUID().slice(0, 8);
const schema = `outbox_relay_spec_${id}`;
const stream = `OUTBOX_RELAY_SPEC_${id}`;
const streamed = `outbox-relay-spec-${id}`;

describe('OutboxRelay publishes every row once, oldest first, holding no lock while it publishes', () => {
  let dataSource: DataSource;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const relay = () => new OutboxRelay(dataSource, nc, new Outbox());

  beforeAll(async () => {
    dataSource = new DataSource({
      type: 'postgres',
      url: POSTGRES_URL,
      schema,
      entities: [OutboxEventEntity, ProcessedEventEntity],
    });
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${schema}`);
    const runner = dataSource.createQueryRunner();
    await createPlatformTables(runner, schema);
    await addOutboxClaims(runner, schema);
    await addOutboxRetries(runner, schema);
    await runner.release();
    nc = await connect({ servers: NATS_URL });
    jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: stream, subjects: [`${streamed}.>`], duplicate_window: 60 * 1_000_000_000 });
  });

  afterAll(async () => {
    await jsm?.streams.delete(stream).catch(() => undefined);
    await nc?.close();
    await dataSource?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await dataSource?.destroy();
  });

  beforeEach(async () => {
    await dataSource.query(`TRUNCATE ${schema}.outbox_events, ${schema}.processed_events`);
    await jsm.streams.purge(stream);
  });

  /** Rows one millisecond apart, so their order is their creation order. */
  async function write(count: number, subject = `${streamed}.event`): Promise<string[]> {
    const ids = Array.from({ length: count }, () => randomUUID());
    await dataSource.query(
      `INSERT INTO ${schema}.outbox_events (id, subject, payload, created_at)
       SELECT id, $2, jsonb_build_object('n', n), now() + n * interval '1 millisecond'
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
      [ids, subject],
    );
    return ids;
  }

  async function streamedIds(): Promise<string[]> {
    const info = await jsm.streams.info(stream);
    const ids: string[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages; seq++) {
      const message = await jsm.streams.getMessage(stream, { seq });
      ids.push(message!.header.get('Nats-Msg-Id'));
    }
    return ids;
  }

  const unpublished = async () =>
    Number(
      (await dataSource.query(`SELECT count(*) AS n FROM ${schema}.outbox_events WHERE published_at IS NULL`))[0].n,
    );

  it('two relays together publish each of 250 rows once, and the stream holds them in their order', async () => {
    const ids = await write(250);
    const [a, b] = [relay(), relay()];
    const drain = async (r: OutboxRelay) => {
      let total = 0;
      for (let n = await r.publishPending(); n > 0; n = await r.publishPending()) total += n;
      return total;
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);

    expect(byA + byB).toBe(250);
    expect(await unpublished()).toBe(0);
    const inStream = await streamedIds();
    expect(new Set(inStream).size).toBe(250);
    // Each relay's batch keeps its order; two relays interleave their batches, so the order is checked per batch.
    expect([...inStream].sort()).toEqual([...ids].sort());
  });

  it('one relay streams the rows in the order they were written', async () => {
    const ids = await write(150);
    const r = relay();
    while ((await r.publishPending()) > 0);
    expect(await streamedIds()).toEqual(ids);
  });

  it('skips a row another relay holds, and takes it once that claim has expired (the relay stopped)', async () => {
    const [held] = await write(1);
    await dataSource.query(
      `UPDATE ${schema}.outbox_events SET claimed_until = now() + interval '30 seconds' WHERE id = $1`,
      [held],
    );
    expect(await relay().publishPending()).toBe(0);

    await dataSource.query(
      `UPDATE ${schema}.outbox_events SET claimed_until = now() - interval '1 second' WHERE id = $1`,
      [held],
    );
    expect(await relay().publishPending()).toBe(1);
    expect(await streamedIds()).toEqual([held]);
  });

  it('a row published again after a lost mark is stored once (JetStream drops it by its Nats-Msg-Id)', async () => {
    const [row] = await write(1);
    expect(await relay().publishPending()).toBe(1);
    // As if the relay had published and stopped before marking: the row is pending again, its claim expired.
    await dataSource.query(
      `UPDATE ${schema}.outbox_events SET published_at = NULL, claimed_until = NULL WHERE id = $1`,
      [row],
    );
    expect(await relay().publishPending()).toBe(1);
    expect(await streamedIds()).toEqual([row]);
  });

  it('gives back a row JetStream refused, so the next pass retries it, and still publishes the others', async () => {
    const [lost] = await write(1, `no-stream-${id}.event`);
    const ok = await write(2);
    expect(await relay().publishPending()).toBe(2);
    const [row] = await dataSource.query(
      `SELECT published_at, claimed_until FROM ${schema}.outbox_events WHERE id = $1`,
      [lost],
    );
    expect(row).toEqual({ published_at: null, claimed_until: null });
    expect(await streamedIds()).toEqual(ok);
  });

  it('holds no row lock and no open transaction while its publishes are in flight', async () => {
    // This file's own responder answers the publishes as JetStream does, but only after it has looked at the table,
    // so the look happens while every publish of the batch is in flight.
    const slow = `slow-${id}`;
    const seen: { claimed: number; lockable: number; relayTransactions: number }[] = [];
    const look = async () => {
      const [claimed] = await dataSource.query(
        `SELECT count(*) AS n FROM ${schema}.outbox_events WHERE claimed_until IS NOT NULL AND published_at IS NULL`,
      );
      // NOWAIT fails at once on a row another transaction has locked.
      const [lockable] = await dataSource.query(
        `SELECT count(*) AS n FROM (SELECT id FROM ${schema}.outbox_events WHERE published_at IS NULL FOR UPDATE NOWAIT) t`,
      );
      const [open] = await dataSource.query(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND datname = current_database()`,
      );
      return { claimed: Number(claimed.n), lockable: Number(lockable.n), relayTransactions: Number(open.n) };
    };
    const failures: unknown[] = [];
    // One look at a time: two NOWAIT locks of this test's own would collide.
    let looks = Promise.resolve();
    const responder = nc.subscribe(`${slow}.>`, {
      callback: (_error, message) => {
        looks = looks.then(look).then(
          (seenNow) => {
            seen.push(seenNow);
            message.respond(JSON.stringify({ stream: 'SLOW', seq: seen.length }));
          },
          (error: unknown) => {
            failures.push(error);
          },
        );
      },
    });
    await write(3, `${slow}.event`);
    expect(await relay().publishPending()).toBe(3);
    responder.unsubscribe();
    expect(failures).toEqual([]);
    expect(seen).toHaveLength(3);
    for (const look of seen) expect(look).toEqual({ claimed: 3, lockable: 3, relayTransactions: 0 });
    expect(await unpublished()).toBe(0);
  });
  describe('a row that keeps failing', () => {
    const state = async (rowId: string) =>
      (
        await dataSource.query(
          `SELECT attempts, parked_at IS NOT NULL AS parked, next_attempt_at > now() AS waiting
             FROM ${schema}.outbox_events WHERE id = $1`,
          [rowId],
        )
      )[0] as { attempts: number; parked: boolean; waiting: boolean };
    const dueNow = () =>
      dataSource.query(`UPDATE ${schema}.outbox_events SET next_attempt_at = now() - interval '1 second'`);

    it('waits before its next try, and is parked after failing five times while others published', async () => {
      const [lost] = await write(1, `no-stream-${id}.event`);
      const r = relay();
      await write(1);
      expect(await r.publishPending()).toBe(1);
      expect(await state(lost!)).toEqual({ attempts: 1, parked: false, waiting: true });
      // Not yet due: the next pass leaves it alone.
      await write(1);
      expect(await r.publishPending()).toBe(1);
      expect((await state(lost!)).attempts).toBe(1);

      for (let attempt = 2; attempt <= 5; attempt++) {
        await dueNow();
        await write(1);
        expect(await r.publishPending()).toBe(1);
      }
      expect(await state(lost!)).toMatchObject({ attempts: 5, parked: true });
      expect(await r.parked()).toBe(1);
      expect(await r.backlog()).toBe(0);

      await dueNow();
      expect(await r.publishPending()).toBe(0);
      expect(await state(lost!)).toMatchObject({ attempts: 5, parked: true });
    });

    it('is never parked while every publish fails (an outage), however many passes', async () => {
      const [lost] = await write(1, `no-stream-${id}.event`);
      const r = relay();
      for (let pass = 0; pass < 7; pass++) {
        await dueNow();
        expect(await r.publishPending()).toBe(0);
      }
      expect(await state(lost!)).toEqual({ attempts: 0, parked: false, waiting: true });
      expect(await r.backlog()).toBe(1);
    });
  });

  it('retention deletes published and processed rows past their window, and nothing else', async () => {
    const [oldPublished, recentPublished, oldUnpublished] = await write(3);
    await dataSource.query(
      `UPDATE ${schema}.outbox_events SET published_at = now() - interval '4 days', created_at = now() - interval '4 days'
        WHERE id = $1`,
      [oldPublished],
    );
    await dataSource.query(`UPDATE ${schema}.outbox_events SET published_at = now() - interval '1 day' WHERE id = $1`, [
      recentPublished,
    ]);
    await dataSource.query(`UPDATE ${schema}.outbox_events SET created_at = now() - interval '30 days' WHERE id = $1`, [
      oldUnpublished,
    ]);
    await dataSource.query(
      `INSERT INTO ${schema}.processed_events (event_id, subject, processed_at)
       VALUES ('old', 's', now() - interval '15 days'), ('recent', 's', now() - interval '13 days')`,
    );

    const retention = new EventTablesRetention(dataSource);
    await retention.sweepIfDue();

    const outbox = await dataSource.query(`SELECT id FROM ${schema}.outbox_events ORDER BY created_at`);
    expect(outbox.map((r: { id: string }) => r.id).sort()).toEqual([recentPublished, oldUnpublished].sort());
    const processed = await dataSource.query(`SELECT event_id FROM ${schema}.processed_events`);
    expect(processed).toEqual([{ event_id: 'recent' }]);

    // Until it is due again, a sweep does nothing.
    await dataSource.query(`UPDATE ${schema}.processed_events SET processed_at = now() - interval '15 days'`);
    await retention.sweepIfDue();
    expect(await dataSource.query(`SELECT event_id FROM ${schema}.processed_events`)).toHaveLength(1);
    await retention.sweepIfDue(Date.now() + 11 * 60_000);
    expect(await dataSource.query(`SELECT event_id FROM ${schema}.processed_events`)).toHaveLength(0);
  });
});
