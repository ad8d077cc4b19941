import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-step sign-in: the authenticator secret (encrypted with AES-256-GCM; a copy of the table alone signs nobody in),
 * the last time step used (a code cannot be played twice), wrong codes counted per account, and ten recovery codes
 * kept only as SHA-256 hashes. `users.two_factor_enabled` mirrors it so that Me needs no join. Known devices: the
 * browser family and network each account signed in from, hashed, to mail the owner about a new one.
 */
export class TwoFactorAndKnownDevices1737300000000 implements MigrationInterface {
  name = 'TwoFactorAndKnownDevices1737300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE TABLE identity.two_factor (
      user_id uuid PRIMARY KEY REFERENCES identity.users (id) ON DELETE CASCADE,
      secret_ciphertext text NOT NULL,
      enabled_at timestamptz,
      last_time_step bigint,
      failed_codes integer NOT NULL DEFAULT 0,
      failures_since timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE TABLE identity.recovery_codes (
      user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
      code_hash bytea NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, code_hash))`);
    await queryRunner.query(`CREATE TABLE identity.known_devices (
      user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
      device_hash bytea NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, device_hash))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.known_devices`);
    await queryRunner.query(`DROP TABLE identity.recovery_codes`);
    await queryRunner.query(`DROP TABLE identity.two_factor`);
    await queryRunner.query(`ALTER TABLE identity.users DROP COLUMN two_factor_enabled`);
  }
}
