import { createIndexConcurrently, dropIndexConcurrently } from '@souvenir/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A second key per filed search (`also`: another of its words, which every match holds too), read from the index
 * with the key: the matcher probes `(key)` and drops, in the index itself, the searches whose second key the listing
 * does not hold, so a common word's thousand filed searches cost an index range, not a thousand rows of
 * `saved_searches`. Searches filed before have none (null: read as before). Built concurrently: saved searches are
 * written while the migrations Job runs.
 */
export class SecondKeys1739100000000 implements MigrationInterface {
  name = 'SecondKeys1739100000000';
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE alerts.saved_search_keys ADD COLUMN IF NOT EXISTS also text COLLATE "C"`);
    await createIndexConcurrently(
      queryRunner,
      'alerts',
      'saved_search_keys_probe_idx',
      `alerts.saved_search_keys (key, saved_search_id) INCLUDE (also)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropIndexConcurrently(queryRunner, 'alerts', 'saved_search_keys_probe_idx');
    await queryRunner.query(`ALTER TABLE alerts.saved_search_keys DROP COLUMN IF EXISTS also`);
  }
}
