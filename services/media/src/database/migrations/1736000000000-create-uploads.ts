import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreateUploads1736000000000 implements MigrationInterface {
  name = 'CreateUploads1736000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per upload. The files are named by `hash` (of the processed image) and each width; two uploads of the
    // same photo share them, so files are deleted only with the last row naming them.
    await queryRunner.query(`
      CREATE TABLE media.uploads (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        hash text NOT NULL,
        widths integer[] NOT NULL,
        byte_sizes integer[] NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        placeholder text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX uploads_hash_idx ON media.uploads (hash)`);
    // The clean-up reads the oldest unused uploads.
    await queryRunner.query(`CREATE INDEX uploads_unused_idx ON media.uploads (created_at) WHERE used_at IS NULL`);
    await createPlatformTables(queryRunner, 'media');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'media');
    await queryRunner.query(`DROP TABLE media.uploads`);
  }
}
