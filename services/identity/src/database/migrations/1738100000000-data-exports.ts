import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's requests for their data. At most one pending per person (a partial unique index), so asking twice, or
 * twice at once, makes one job and answers the same id. The upload token is stored hashed: only the job holds it.
 */
export class DataExports1738100000000 implements MigrationInterface {
  name = 'DataExports1738100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE identity.data_exports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed', 'expired')),
      upload_token_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      expires_at timestamptz)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX data_exports_one_pending ON identity.data_exports (user_id) WHERE status = 'pending'`,
    );
    await queryRunner.query(`CREATE INDEX data_exports_user ON identity.data_exports (user_id, created_at DESC)`);
    await queryRunner.query(
      `CREATE INDEX data_exports_ready_expiry ON identity.data_exports (expires_at) WHERE status = 'ready'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE identity.data_exports`);
  }
}
