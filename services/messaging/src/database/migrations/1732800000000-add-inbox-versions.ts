import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One version number per user's inbox (everything Messages shows them: conversation list, threads, unread count),
 * raised by every change to a message they sent or received. A poll that finds the version it already has can be
 * answered 304 by the gateway without asking messaging (an open Messages page polls twice every few seconds).
 *
 * Like `messaging.conversations`, the versions are kept by triggers, so no writer can change a message without
 * raising them. Statement-level triggers raise each user's version once per statement (a thread marked read in one
 * UPDATE is one change), after the row-level conversation triggers: every writer takes conversation rows first and
 * inbox rows second, each set in user id order, so sends and reads crossing each other cannot deadlock.
 * Changes to what the views show of the read models (a person's name or avatar, a product's title) raise the
 * versions of everyone who sees them too. A user without a row is at version 0.
 */
export class AddInboxVersions1732800000000 implements MigrationInterface {
  name = 'AddInboxVersions1732800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE messaging.inboxes (
        user_id uuid PRIMARY KEY,
        version bigint NOT NULL CHECK (version > 0)
      )`);
    // Each raised version is also written to the outbox as an `events.messaging.inbox.changed` event
    // (InboxChangedEvent in libs/contracts; messaging's tests check these rows against that class), in the same
    // transaction as the change: whichever statement changed the messages, the event cannot be lost or early.
    await queryRunner.query(`
      CREATE FUNCTION messaging.raise_inbox_versions(user_ids uuid[]) RETURNS void LANGUAGE sql AS $$
        WITH raised AS (
          INSERT INTO messaging.inboxes AS i (user_id, version)
          SELECT DISTINCT u, 1 FROM unnest(user_ids) AS u ORDER BY u
          ON CONFLICT (user_id) DO UPDATE SET version = i.version + 1
          RETURNING user_id, version
        )
        INSERT INTO messaging.outbox_events (id, subject, payload)
        SELECT gen_random_uuid(), 'events.messaging.inbox.changed',
               jsonb_build_object('userId', user_id, 'version', version, 'occurredAt', clock_timestamp())
          FROM raised
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION messaging.inboxes_after_messages_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM messaging.raise_inbox_versions(ARRAY(
          SELECT from_user_id FROM inserted UNION SELECT to_user_id FROM inserted));
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER messages_inboxes_insert AFTER INSERT ON messaging.messages
        REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION messaging.inboxes_after_messages_insert()`);
    // Transition tables cannot be combined with UPDATE OF <column>, so the function compares is_read itself.
    await queryRunner.query(`
      CREATE FUNCTION messaging.inboxes_after_messages_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM messaging.raise_inbox_versions(ARRAY(
          SELECT u FROM after_update n JOIN before_update o USING (id), LATERAL (VALUES (n.from_user_id), (n.to_user_id)) AS v(u)
           WHERE n.is_read IS DISTINCT FROM o.is_read));
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER messages_inboxes_update AFTER UPDATE ON messaging.messages
        REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
        FOR EACH STATEMENT EXECUTE FUNCTION messaging.inboxes_after_messages_update()`);

    // What Messages shows of the read models (names and avatars, product titles) is part of the views too: a change
    // raises the versions of the people who see it, so even a renamed person shows at the next poll.
    await queryRunner.query(`
      CREATE FUNCTION messaging.inboxes_after_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Conversation rows come in pairs, one per side: the people talking with NEW.id are its own rows' others.
        PERFORM messaging.raise_inbox_versions(ARRAY(
          SELECT DISTINCT other_user_id FROM messaging.conversations WHERE user_id = NEW.id) || NEW.id);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_inboxes_update AFTER UPDATE OF first_name, last_name, avatar ON messaging.users
        FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name, OLD.avatar) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.avatar))
        EXECUTE FUNCTION messaging.inboxes_after_user_update()`);
    await queryRunner.query(`CREATE INDEX conversations_product_idx ON messaging.conversations (product_id)`);
    await queryRunner.query(`
      CREATE FUNCTION messaging.inboxes_after_product_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM messaging.raise_inbox_versions(ARRAY(SELECT DISTINCT user_id FROM messaging.conversations WHERE product_id = NEW.id));
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER products_inboxes_update AFTER UPDATE OF title ON messaging.products
        FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION messaging.inboxes_after_product_update()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER products_inboxes_update ON messaging.products`);
    await queryRunner.query(`DROP FUNCTION messaging.inboxes_after_product_update()`);
    await queryRunner.query(`DROP INDEX messaging.conversations_product_idx`);
    await queryRunner.query(`DROP TRIGGER users_inboxes_update ON messaging.users`);
    await queryRunner.query(`DROP FUNCTION messaging.inboxes_after_user_update()`);
    await queryRunner.query(`DROP TRIGGER messages_inboxes_update ON messaging.messages`);
    await queryRunner.query(`DROP TRIGGER messages_inboxes_insert ON messaging.messages`);
    await queryRunner.query(`DROP FUNCTION messaging.inboxes_after_messages_update()`);
    await queryRunner.query(`DROP FUNCTION messaging.inboxes_after_messages_insert()`);
    await queryRunner.query(`DROP FUNCTION messaging.raise_inbox_versions(uuid[])`);
    await queryRunner.query(`DROP TABLE messaging.inboxes`);
  }
}
