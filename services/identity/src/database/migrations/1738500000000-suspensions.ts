import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Support's suspension of an account (moderation's decision): sign-in is refused while it is set. */
export class Suspensions1738500000000 implements MigrationInterface {
  name = 'Suspensions1738500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users ADD COLUMN suspended_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users DROP COLUMN suspended_at`);
  }
}
