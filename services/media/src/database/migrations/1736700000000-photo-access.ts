import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PhotoAccess1736700000000 implements MigrationInterface {
  name = 'PhotoAccess1736700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Which photos are evidence (a listing's receipt or declaration, a claim's photos), served only with a
    // signed URL. Keyed by file hash, as the files are; a photo any listing shows publicly is never private again.
    await queryRunner.query(`
      CREATE TABLE media.photo_access (
        hash text PRIMARY KEY,
        evidence boolean NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE media.photo_access`);
  }
}
