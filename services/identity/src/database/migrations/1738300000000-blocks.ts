import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who blocked whom. The primary key makes a block idempotent and answers "did A block B"; blocks_blocked finds the
 * blocks of a person (an erasure), blocks_blocker_recent reads the Blocked people list in its order. Every change takes
 * a number from block_change_versions for its event, so read models keep the newest whatever the delivery order.
 */
export class Blocks1738300000000 implements MigrationInterface {
  name = 'Blocks1738300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE identity.blocks (
      blocker_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
      blocked_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id),
      CONSTRAINT blocks_not_self CHECK (blocker_id <> blocked_id))`);
    await queryRunner.query(`CREATE INDEX blocks_blocked ON identity.blocks (blocked_id)`);
    await queryRunner.query(`CREATE INDEX blocks_blocker_recent ON identity.blocks (blocker_id, created_at DESC)`);
    await queryRunner.query(`CREATE SEQUENCE identity.block_change_versions`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SEQUENCE identity.block_change_versions`);
    await queryRunner.query(`DROP TABLE identity.blocks`);
  }
}
