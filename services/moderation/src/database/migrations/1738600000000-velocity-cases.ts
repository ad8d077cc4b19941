import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cases the new-account velocity rule opens (catalog's and messaging's `…velocity.exceeded`) have their own origin. */
export class VelocityCases1738600000000 implements MigrationInterface {
  name = 'VelocityCases1738600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE moderation.cases DROP CONSTRAINT cases_origin_check,
      ADD CONSTRAINT cases_origin_check CHECK (origin IN ('reports', 'held', 'shield', 'velocity'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE moderation.cases SET origin = 'reports' WHERE origin = 'velocity'`);
    await queryRunner.query(`ALTER TABLE moderation.cases DROP CONSTRAINT cases_origin_check,
      ADD CONSTRAINT cases_origin_check CHECK (origin IN ('reports', 'held', 'shield'))`);
  }
}
