import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account recovery and address checks: whether the address is verified, and the tokens of mailed links
 * (password reset, address verification, address change and its undo), stored only as SHA-256 hashes. Accounts made
 * before verification existed are counted as verified: nobody asked them to confirm, and they already list and message.
 */
export class AccountTokensAndVerifiedEmail1737000000000 implements MigrationInterface {
  name = 'AccountTokensAndVerifiedEmail1737000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users ADD COLUMN email_verified boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE identity.users SET email_verified = true`);
    await queryRunner.query(`CREATE TABLE identity.account_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
      purpose text NOT NULL CONSTRAINT account_tokens_purpose_known
        CHECK (purpose IN ('password-reset', 'email-verification', 'email-change', 'email-change-undo')),
      token_hash bytea NOT NULL CONSTRAINT account_tokens_hash_key UNIQUE,
      email text,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE INDEX account_tokens_user_purpose ON identity.account_tokens (user_id, purpose)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.account_tokens`);
    await queryRunner.query(`ALTER TABLE identity.users DROP COLUMN email_verified`);
  }
}
