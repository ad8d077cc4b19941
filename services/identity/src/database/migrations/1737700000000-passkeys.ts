import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn credentials): the public key only (a copy of the table signs nobody in), the authenticator's
 * signature counter (a cloned key shows up as a counter that does not move forward), and the name, creation and last
 * use the account page lists. Looked up by the credential id at sign-in and by the account on the account page.
 */
export class Passkeys1737700000000 implements MigrationInterface {
  name = 'Passkeys1737700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE identity.passkeys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
      credential_id text NOT NULL,
      public_key bytea NOT NULL,
      sign_count bigint NOT NULL DEFAULT 0,
      transports text[] NOT NULL DEFAULT '{}',
      name text NOT NULL,
      backed_up boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz)`);
    await queryRunner.query(`CREATE UNIQUE INDEX passkeys_credential_id ON identity.passkeys (credential_id)`);
    await queryRunner.query(`CREATE INDEX passkeys_user_id ON identity.passkeys (user_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.passkeys`);
  }
}
