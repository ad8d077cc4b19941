import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * New-account velocity (README "New-account velocity"). `users.joined_at`: when the account was created (identity's
 * user events and user reads carry it; NULL for rows stored before, which count as established accounts).
 * `contact_velocity`: one row per new sender and clock hour counting the new people they wrote to, incremented under
 * its row lock by each send that starts a conversation, so parallel sends cannot slip past the threshold. A sender's
 * older windows are deleted by their next count: at most one row per sender.
 */
export class ContactVelocity1738600000000 implements MigrationInterface {
  name = 'ContactVelocity1738600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messaging.users ADD COLUMN joined_at timestamptz`);
    await queryRunner.query(`CREATE TABLE messaging.contact_velocity (
      sender_id uuid NOT NULL,
      window_start timestamptz NOT NULL,
      new_people integer NOT NULL CHECK (new_people > 0),
      PRIMARY KEY (sender_id, window_start))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE messaging.contact_velocity`);
    await queryRunner.query(`ALTER TABLE messaging.users DROP COLUMN joined_at`);
  }
}
