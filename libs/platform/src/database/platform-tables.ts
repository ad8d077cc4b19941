import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently, dropIndexConcurrently } from './concurrent-index';

/** Outbox and processed-event tables every service needs; called from each service's first migration. */
export async function createPlatformTables(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE "${schema}"."outbox_events" (
      "id" uuid PRIMARY KEY,
      "subject" text NOT NULL,
      "payload" jsonb NOT NULL,
      "headers" jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "published_at" timestamptz
    )`);
  await queryRunner.query(
    `CREATE INDEX "outbox_events_unpublished_idx" ON "${schema}"."outbox_events" ("created_at") WHERE "published_at" IS NULL`,
  );
  await queryRunner.query(`
    CREATE TABLE "${schema}"."processed_events" (
      "event_id" text PRIMARY KEY,
      "subject" text NOT NULL,
      "processed_at" timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function dropPlatformTables(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE "${schema}"."processed_events"`);
  await queryRunner.query(`DROP TABLE "${schema}"."outbox_events"`);
}

/**
 * The outbox relay claims rows for a while instead of locking them across its publish (a lock or transaction held
 * across a network call): the migration that adds the column, listed by every service after its own.
 */
export function outboxClaimsMigration(schema: string): new () => MigrationInterface {
  return class OutboxClaims1736300000000 implements MigrationInterface {
    name = 'OutboxClaims1736300000000';
    up = (queryRunner: QueryRunner) => addOutboxClaims(queryRunner, schema);
    down = (queryRunner: QueryRunner) => dropOutboxClaims(queryRunner, schema);
  };
}

export async function addOutboxClaims(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${schema}"."outbox_events" ADD COLUMN "claimed_until" timestamptz`);
}

export async function dropOutboxClaims(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`ALTER TABLE "${schema}"."outbox_events" DROP COLUMN "claimed_until"`);
}

/**
 * Retries that back off and a place for a row that cannot be published (`parked_at`), the indexes the retention
 * sweeps delete by, and no more `headers` (nothing ever wrote one). Listed by every service after its own
 * migrations. The indexes are built concurrently: the outbox is written by every request while the migrations Job
 * runs.
 */
export function outboxRetriesMigration(schema: string): new () => MigrationInterface {
  return class OutboxRetries1737950000000 implements MigrationInterface {
    name = 'OutboxRetries1737950000000';
    transaction = false as const;
    up = (queryRunner: QueryRunner) => addOutboxRetries(queryRunner, schema);
    down = (queryRunner: QueryRunner) => dropOutboxRetries(queryRunner, schema);
  };
}

export async function addOutboxRetries(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    ALTER TABLE "${schema}"."outbox_events"
      ADD COLUMN IF NOT EXISTS "attempts" integer NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS "next_attempt_at" timestamptz,
      ADD COLUMN IF NOT EXISTS "parked_at" timestamptz,
      DROP COLUMN IF EXISTS "headers"`);
  await createIndexConcurrently(
    queryRunner,
    schema,
    'outbox_events_published_idx',
    `"${schema}"."outbox_events" ("published_at") WHERE "published_at" IS NOT NULL`,
  );
  await createIndexConcurrently(
    queryRunner,
    schema,
    'processed_events_processed_at_idx',
    `"${schema}"."processed_events" ("processed_at")`,
  );
}

export async function dropOutboxRetries(queryRunner: QueryRunner, schema: string): Promise<void> {
  await dropIndexConcurrently(queryRunner, schema, 'processed_events_processed_at_idx');
  await dropIndexConcurrently(queryRunner, schema, 'outbox_events_published_idx');
  await queryRunner.query(`
    ALTER TABLE "${schema}"."outbox_events"
      DROP COLUMN "attempts", DROP COLUMN "next_attempt_at", DROP COLUMN "parked_at", ADD COLUMN "headers" jsonb`);
}
