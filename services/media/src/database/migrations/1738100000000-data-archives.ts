import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The data archives media stores for identity's exports, each deleted by media's schedule once it expires. */
export class DataArchives1738100000000 implements MigrationInterface {
  name = 'DataArchives1738100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE media.data_archives (
      export_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      bytes bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL)`);
    await queryRunner.query(`CREATE INDEX data_archives_expiry ON media.data_archives (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE media.data_archives`);
  }
}
