import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

/**
 * The outbox and processed-events tables, stamped before the platform's shared outbox migrations (claims
 * 1736300000000, retries 1737950000000): TypeORM runs migrations by their timestamp, and those alter these tables.
 */
export class PlatformTables1736000000000 implements MigrationInterface {
  name = 'PlatformTables1736000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createPlatformTables(queryRunner, 'alerts');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'alerts');
  }
}
