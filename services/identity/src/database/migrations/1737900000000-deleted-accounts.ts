import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account keeps its row (its id is what orders, ledger lines and reviews still point at) with every personal
 * field overwritten; `deleted_at` says so, and lets a repeated deletion answer without doing anything twice.
 */
export class DeletedAccounts1737900000000 implements MigrationInterface {
  name = 'DeletedAccounts1737900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users ADD COLUMN deleted_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users DROP COLUMN deleted_at`);
  }
}
