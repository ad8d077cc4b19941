import type { MigrationInterface, QueryRunner } from 'typeorm';

/** add-inbox-versions' raise_inbox_versions, with the cause as a second argument written into each event, or without. */
const raiseInboxVersions = (withCause: boolean) => `
  CREATE FUNCTION messaging.raise_inbox_versions(user_ids uuid[]${withCause ? ', cause text' : ''}) RETURNS void
  LANGUAGE sql AS $$
    WITH raised AS (
      INSERT INTO messaging.inboxes AS i (user_id, version)
      SELECT DISTINCT u, 1 FROM unnest(user_ids) AS u ORDER BY u
      ON CONFLICT (user_id) DO UPDATE SET version = i.version + 1
      RETURNING user_id, version
    )
    INSERT INTO messaging.outbox_events (id, subject, payload)
    SELECT gen_random_uuid(), 'events.messaging.inbox.changed',
           jsonb_build_object('userId', user_id, 'version', version, ${withCause ? "'cause', cause, " : ''}'occurredAt', clock_timestamp())
      FROM raised
  $$`;

/**
 * Each `inbox.changed` event says what changed the inbox (InboxChangeCause in libs/contracts): a new message, read
 * marks, a person's name or avatar, a product's title. A new message also has its own `message.sent` event, which
 * tells both people's open tabs everything the inbox change would; notifications then pushes only the other causes
 * (two of the three live events a message made before, at 200 messages/s the bulk of the stack's work).
 */
export class InboxChangeCauses1736400000000 implements MigrationInterface {
  name = 'InboxChangeCauses1736400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(raiseInboxVersions(true));
    await this.callers(queryRunner, (users, cause) => `messaging.raise_inbox_versions(${users}, '${cause}')`);
    await queryRunner.query(`DROP FUNCTION messaging.raise_inbox_versions(uuid[])`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(raiseInboxVersions(false));
    await this.callers(queryRunner, (users) => `messaging.raise_inbox_versions(${users})`);
    await queryRunner.query(`DROP FUNCTION messaging.raise_inbox_versions(uuid[], text)`);
  }

  /** The four trigger functions of the add-inbox-versions migration, each raising through `raise(users, cause)`. */
  private async callers(queryRunner: QueryRunner, raise: (users: string, cause: string) => string): Promise<void> {
    const bodies: [string, string, string][] = [
      [
        'inboxes_after_messages_insert',
        'ARRAY(SELECT from_user_id FROM inserted UNION SELECT to_user_id FROM inserted)',
        'message',
      ],
      [
        'inboxes_after_messages_update',
        `ARRAY(SELECT u FROM after_update n JOIN before_update o USING (id), LATERAL (VALUES (n.from_user_id), (n.to_user_id)) AS v(u)
           WHERE n.is_read IS DISTINCT FROM o.is_read)`,
        'read',
      ],
      [
        'inboxes_after_user_update',
        'ARRAY(SELECT DISTINCT other_user_id FROM messaging.conversations WHERE user_id = NEW.id) || NEW.id',
        'profile',
      ],
      [
        'inboxes_after_product_update',
        'ARRAY(SELECT DISTINCT user_id FROM messaging.conversations WHERE product_id = NEW.id)',
        'product',
      ],
    ];
    for (const [name, users, cause] of bodies)
      await queryRunner.query(`
        CREATE OR REPLACE FUNCTION messaging.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM ${raise(users, cause)};
          RETURN NULL;
        END $$`);
  }
}
