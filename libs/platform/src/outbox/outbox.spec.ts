import { randomUUID } from 'node:crypto';
import { EVENTS, type ProductRemovedEvent } from '@souvenir/contracts';
import { DataSource } from 'typeorm';
import { addOutboxClaims, addOutboxRetries, createPlatformTables } from '../database/platform-tables';
import { Outbox } from './outbox';
import { OutboxEventEntity } from './outbox-event.entity';

// Real Postgres (the machine's server, as libs/testing uses it), in a schema of its own dropped afterwards.
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `outbox_spec_${randomUUID().slice(0, 8)}`;
const event = (): ProductRemovedEvent => ({
  productId: randomUUID(),
  sellerId: randomUUID(),
  occurredAt: new Date().toISOString(),
});

describe('Outbox wakes the relay when the transaction that wrote rows commits', () => {
  let dataSource: DataSource;
  let outbox: Outbox;
  let wakes: number;

  beforeAll(async () => {
    const admin = new DataSource({ type: 'postgres', url: POSTGRES_URL });
    await admin.initialize();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const runner = admin.createQueryRunner();
    await createPlatformTables(runner, schema);
    await addOutboxClaims(runner, schema);
    await addOutboxRetries(runner, schema);
    await runner.release();
    await admin.destroy();
    dataSource = new DataSource({ type: 'postgres', url: POSTGRES_URL, schema, entities: [OutboxEventEntity] });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await dataSource?.destroy();
  });

  beforeEach(() => {
    outbox = new Outbox();
    wakes = 0;
    outbox.onRowsCommitted(() => {
      wakes++;
    });
  });

  it('after the commit, not at the insert', async () => {
    await dataSource.transaction(async (manager) => {
      await outbox.add(manager, EVENTS.catalog.productRemoved, event());
      expect(wakes).toBe(0);
    });
    expect(wakes).toBe(1);
  });

  it('once per transaction, after the outermost commit (a savepoint release is not a commit)', async () => {
    await dataSource.transaction(async (manager) => {
      await manager.transaction(async (inner) => {
        await outbox.add(inner, EVENTS.catalog.productRemoved, event());
        await outbox.add(inner, EVENTS.catalog.productRemoved, event());
      });
      expect(wakes).toBe(0);
    });
    expect(wakes).toBe(1);
  });

  it('never for a rolled-back transaction, nor for a commit that wrote no rows', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await outbox.add(manager, EVENTS.catalog.productRemoved, event());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1');
    });
    expect(wakes).toBe(0);
  });

  it('at once when written outside a transaction', async () => {
    await outbox.add(dataSource.manager, EVENTS.catalog.productRemoved, event());
    expect(wakes).toBe(1);
  });
});
