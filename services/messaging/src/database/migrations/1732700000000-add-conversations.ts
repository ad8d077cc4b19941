import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per (user, other user, product) conversation, from that user's side: its latest message and the user's
 * unread count in it. The conversation list (polled every 3 s by every open Messages page) reads it by index
 * instead of grouping all of a user's messages on every poll.
 *
 * The rows are derived data kept by Postgres itself: triggers on messages update them in the writing statement's
 * transaction, so every writer (this service, an older replica during a rolling deploy, a test or a seed writing
 * SQL) keeps them right. Each message adds 1 to its recipient's unread count when inserted unread and takes 1
 * away when it becomes read, exactly once, under the conversation row's lock: concurrent sends and reads cannot
 * lose an update. A send locks its two rows in user id order, so crossing sends (A→B and B→A) cannot deadlock.
 */
export class AddConversations1732700000000 implements MigrationInterface {
  name = 'AddConversations1732700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE messaging.conversations (
        user_id uuid NOT NULL,
        other_user_id uuid NOT NULL,
        product_id uuid NOT NULL,
        last_message_id uuid NOT NULL,
        last_message_at timestamptz NOT NULL,
        unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
        PRIMARY KEY (user_id, other_user_id, product_id)
      )`);
    // The list: a user's conversations, newest first (the order of their latest messages).
    await queryRunner.query(
      `CREATE INDEX conversations_user_recent_idx ON messaging.conversations (user_id, last_message_at DESC, last_message_id DESC)`,
    );

    await queryRunner.query(`
      CREATE FUNCTION messaging.conversations_after_message_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO messaging.conversations AS c (user_id, other_user_id, product_id, last_message_id, last_message_at, unread_count)
        SELECT v.user_id, v.other_user_id, NEW.product_id, NEW.id, NEW.created_at, v.unread
          FROM (VALUES (NEW.from_user_id, NEW.to_user_id, 0),
                       (NEW.to_user_id, NEW.from_user_id, CASE WHEN NEW.is_read THEN 0 ELSE 1 END)) AS v(user_id, other_user_id, unread)
         ORDER BY v.user_id
        ON CONFLICT (user_id, other_user_id, product_id) DO UPDATE SET
          last_message_id = CASE WHEN (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)
                                 THEN excluded.last_message_id ELSE c.last_message_id END,
          last_message_at = GREATEST(c.last_message_at, excluded.last_message_at),
          unread_count = c.unread_count + excluded.unread_count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER messages_conversations_insert AFTER INSERT ON messaging.messages
        FOR EACH ROW EXECUTE FUNCTION messaging.conversations_after_message_insert()`);

    await queryRunner.query(`
      CREATE FUNCTION messaging.conversations_after_message_read() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE messaging.conversations
           SET unread_count = unread_count + CASE WHEN NEW.is_read THEN -1 ELSE 1 END
         WHERE user_id = NEW.to_user_id AND other_user_id = NEW.from_user_id AND product_id = NEW.product_id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER messages_conversations_read AFTER UPDATE OF is_read ON messaging.messages
        FOR EACH ROW WHEN (OLD.is_read IS DISTINCT FROM NEW.is_read) EXECUTE FUNCTION messaging.conversations_after_message_read()`);

    // The messages written before this migration (the triggers' lock on messages holds writers off until commit).
    await queryRunner.query(`
      WITH sides AS (
        SELECT from_user_id AS user_id, to_user_id AS other_user_id, product_id, id, created_at FROM messaging.messages
        UNION ALL
        SELECT to_user_id, from_user_id, product_id, id, created_at FROM messaging.messages
      ), latest AS (
        SELECT DISTINCT ON (user_id, other_user_id, product_id) user_id, other_user_id, product_id, id, created_at
          FROM sides ORDER BY user_id, other_user_id, product_id, created_at DESC, id DESC
      ), unread AS (
        SELECT to_user_id, from_user_id, product_id, count(*)::int AS n
          FROM messaging.messages WHERE NOT is_read GROUP BY to_user_id, from_user_id, product_id
      )
      INSERT INTO messaging.conversations (user_id, other_user_id, product_id, last_message_id, last_message_at, unread_count)
      SELECT l.user_id, l.other_user_id, l.product_id, l.id, l.created_at, coalesce(u.n, 0)
        FROM latest l
        LEFT JOIN unread u ON u.to_user_id = l.user_id AND u.from_user_id = l.other_user_id AND u.product_id = l.product_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER messages_conversations_read ON messaging.messages`);
    await queryRunner.query(`DROP TRIGGER messages_conversations_insert ON messaging.messages`);
    await queryRunner.query(`DROP FUNCTION messaging.conversations_after_message_read()`);
    await queryRunner.query(`DROP FUNCTION messaging.conversations_after_message_insert()`);
    await queryRunner.query(`DROP TABLE messaging.conversations`);
  }
}
