import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An account deletion drops the deleted person's words from others' pending digests: found by sender. */
export class DigestItemsBySender1738310000000 implements MigrationInterface {
  name = 'DigestItemsBySender1738310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX digest_items_from_user_idx ON notifications.digest_items (from_user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX notifications.digest_items_from_user_idx`);
  }
}
