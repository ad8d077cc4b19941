import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Verified is earned: identity keeps payments' seller standing (an active payout account, completed sales)
 * with its version, and `is_verified` follows it alone. Badges set by hand before (the seed's) are taken back here,
 * each change announced through the outbox so the read models follow; payments' own migration announces every
 * seller's standing, which gives the badge back to those who earned it. The rating (average, count) is reviews'
 * `events.reviews.rating.changed`, kept with its version so that the profile stays one request to identity.
 */
export class EarnedVerificationAndRatings1735100000000 implements MigrationInterface {
  name = 'EarnedVerificationAndRatings1735100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE identity.users
        ADD COLUMN payouts_active boolean NOT NULL DEFAULT false,
        ADD COLUMN completed_sales integer NOT NULL DEFAULT 0,
        ADD COLUMN standing_version integer NOT NULL DEFAULT 0,
        ADD COLUMN rating_average numeric(3,2),
        ADD COLUMN rating_count integer NOT NULL DEFAULT 0,
        ADD COLUMN rating_version integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `WITH changed AS (
         UPDATE identity.users SET is_verified = false, version = version + 1, updated_at = now()
          WHERE is_verified
         RETURNING *)
       INSERT INTO identity.outbox_events (id, subject, payload)
       SELECT gen_random_uuid(), 'events.identity.user.updated', jsonb_build_object(
                'userId', id, 'username', username, 'firstName', first_name, 'lastName', last_name, 'avatar', avatar,
                'location', location, 'isVerified', is_verified, 'version', version,
                'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         FROM changed`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE identity.users
        DROP COLUMN payouts_active, DROP COLUMN completed_sales, DROP COLUMN standing_version,
        DROP COLUMN rating_average, DROP COLUMN rating_count, DROP COLUMN rating_version`);
  }
}
