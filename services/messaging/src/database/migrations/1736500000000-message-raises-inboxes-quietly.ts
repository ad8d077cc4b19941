import type { MigrationInterface, QueryRunner } from 'typeorm';

const INSERTED_USERS = 'SELECT from_user_id FROM inserted UNION SELECT to_user_id FROM inserted';

/**
 * A new message raises both people's inbox versions without writing `inbox.changed` events: every message is stored
 * with its own `message.sent` event (insertAnnounced), which names both people, and that is what the gateway and the
 * live streams follow for it (the gateway forgets both versions when it arrives, see InboxFreshness). The two
 * inbox.changed events each message wrote were two thirds of messaging's outbox, its relay's publishes and
 * JetStream's stores, and nothing acted on them. Read marks, names, avatars and titles still announce each raise.
 */
export class MessageRaisesInboxesQuietly1736500000000 implements MigrationInterface {
  name = 'MessageRaisesInboxesQuietly1736500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Users in id order, as raise_inbox_versions takes them, so that two sends never wait on each other's rows.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION messaging.inboxes_after_messages_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO messaging.inboxes AS i (user_id, version)
        SELECT u, 1 FROM (${INSERTED_USERS}) AS s(u) ORDER BY u
        ON CONFLICT (user_id) DO UPDATE SET version = i.version + 1;
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION messaging.inboxes_after_messages_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM messaging.raise_inbox_versions(ARRAY(${INSERTED_USERS}), 'message');
        RETURN NULL;
      END $$`);
  }
}
