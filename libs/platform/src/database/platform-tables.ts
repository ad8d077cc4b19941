import type { MigrationInterface, QueryRunner } from 'typeorm';

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
