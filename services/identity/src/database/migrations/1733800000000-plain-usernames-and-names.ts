import type { MigrationInterface, QueryRunner } from 'typeorm';

// Kept here rather than imported: a migration must mean the same thing forever, whatever the DTOs become.
/** The plain username set of RegisterDto's USERNAME_PATTERN (POSIX regex). */
const PLAIN_USERNAME = '^[A-Za-z0-9]([._-]?[A-Za-z0-9])*$';
/**
 * The control, format, bidi and separator characters that spoof a displayed name (Cc, the Cf characters met in
 * practice, Zl, Zp): C0/C1 controls, soft hyphen, Arabic letter mark, Mongolian vowel separator, zero-width space,
 * LRM/RLM, bidi embeddings and overrides, line/paragraph separators, word joiner and invisible operators, bidi
 * isolates and deprecated format controls, BOM, interlinear annotation.
 */
const SPOOFING =
  '[\\u0001-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2028\\u2029\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB]';

/**
 * Usernames from a plain set only (no lookalikes of another user's), enforced by a CHECK. Accounts registered
 * before with another username are renamed `user_<20 hex digits of their id>`, an impersonation cannot be kept
 * and no plain form of it is guaranteed unique; names with spoofing characters lose them. Each changed account
 * bumps its version and announces itself through the outbox, so the read models of other services follow.
 */
export class PlainUsernamesAndNames1733800000000 implements MigrationInterface {
  name = 'PlainUsernamesAndNames1733800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const clean = (column: string) => `regexp_replace(${column}, $2, '', 'g')`;
    await queryRunner.query(
      `WITH changed AS (
         UPDATE identity.users
            SET username = CASE WHEN username ~ $1 THEN username ELSE 'user_' || left(replace(id::text, '-', ''), 20) END,
                first_name = coalesce(nullif(${clean('first_name')}, ''), '?'),
                last_name = coalesce(nullif(${clean('last_name')}, ''), '?'),
                location = nullif(${clean('location')}, ''),
                version = version + 1,
                updated_at = now()
          WHERE username !~ $1 OR first_name ~ $2 OR last_name ~ $2 OR location ~ $2
         RETURNING *)
       INSERT INTO identity.outbox_events (id, subject, payload)
       SELECT gen_random_uuid(), 'events.identity.user.updated', jsonb_build_object(
                'userId', id, 'username', username, 'firstName', first_name, 'lastName', last_name, 'avatar', avatar,
                'location', location, 'isVerified', is_verified, 'version', version,
                'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         FROM changed`,
      [PLAIN_USERNAME, SPOOFING],
    );
    await queryRunner.query(
      `ALTER TABLE identity.users ADD CONSTRAINT users_username_plain CHECK (username ~ '${PLAIN_USERNAME}')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE identity.users DROP CONSTRAINT users_username_plain`);
  }
}
