import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreateUsers1732300000000 implements MigrationInterface {
  name = 'CreateUsers1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        avatar text,
        location text,
        is_verified boolean NOT NULL DEFAULT false,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Usernames and emails are unique ignoring case; these indexes also serve login and the availability check.
    await queryRunner.query(`CREATE UNIQUE INDEX users_username_lower_key ON identity.users (lower(username))`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower_key ON identity.users (lower(email))`);
    await createPlatformTables(queryRunner, 'identity');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE identity.users`);
  }
}
