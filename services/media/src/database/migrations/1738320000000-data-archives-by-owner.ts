import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An account deletion removes the person's data archives: found by owner. */
export class DataArchivesByOwner1738320000000 implements MigrationInterface {
  name = 'DataArchivesByOwner1738320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX data_archives_user_idx ON media.data_archives (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX media.data_archives_user_idx`);
  }
}
