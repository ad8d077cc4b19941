import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support's provenance queue and its count in the support nav read only the documented listings nobody reviewed:
 * a partial index of exactly those rows, in the queue's order, so neither walks every documented listing. Built
 * concurrently so that writes to products go on while it is built.
 */
export class ProvenanceQueueIndex1737050000000 implements MigrationInterface {
  name = 'ProvenanceQueueIndex1737050000000';
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX CONCURRENTLY IF NOT EXISTS products_provenance_queue_idx ON catalog.products (created_at, id)
       WHERE status = 'active' AND origin_level = 'documented' AND provenance_reviewed_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX CONCURRENTLY IF EXISTS catalog.products_provenance_queue_idx`);
  }
}
