import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's role: 'member' for everybody, 'support' for the people who decide buyers' claims. No RPC writes
 * it; `npm run support:grant -- USERNAME` does, with database access.
 */
export class AddUserRole1734000000000 implements MigrationInterface {
  name = 'AddUserRole1734000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users ADD COLUMN role text NOT NULL DEFAULT 'member'
      CONSTRAINT users_role_known CHECK (role IN ('member', 'support'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users DROP COLUMN role`);
  }
}
