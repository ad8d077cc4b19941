import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreateMessaging1732500000000 implements MigrationInterface {
  name = 'CreateMessaging1732500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE messaging.messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        from_user_id uuid NOT NULL,
        to_user_id uuid NOT NULL,
        product_id uuid NOT NULL,
        content text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        is_read boolean NOT NULL DEFAULT false,
        CONSTRAINT messages_not_to_self CHECK (from_user_id <> to_user_id),
        CONSTRAINT messages_content_length CHECK (char_length(content) BETWEEN 1 AND 2000)
      )`);
    // Sent side of a user's conversations, and a thread's messages in either direction (one scan per direction).
    await queryRunner.query(
      `CREATE INDEX messages_sender_thread_idx ON messaging.messages (from_user_id, to_user_id, product_id, created_at)`,
    );
    // Received side of a user's conversations.
    await queryRunner.query(
      `CREATE INDEX messages_recipient_thread_idx ON messaging.messages (to_user_id, from_user_id, product_id, created_at)`,
    );
    // Unread total, unread per conversation and marking a thread read touch only the (few) unread rows.
    await queryRunner.query(
      `CREATE INDEX messages_unread_idx ON messaging.messages (to_user_id, from_user_id, product_id) WHERE NOT is_read`,
    );

    // Read models fed by identity's and catalog's events, so conversation lists never call another service.
    await queryRunner.query(`
      CREATE TABLE messaging.users (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        avatar text,
        version integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE messaging.products (
        id uuid PRIMARY KEY,
        seller_id uuid NOT NULL,
        title text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'sold', 'removed')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await createPlatformTables(queryRunner, 'messaging');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'messaging');
    await queryRunner.query(`DROP TABLE messaging.products`);
    await queryRunner.query(`DROP TABLE messaging.users`);
    await queryRunner.query(`DROP TABLE messaging.messages`);
  }
}
