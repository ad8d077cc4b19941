import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addOutboxClaims, dropOutboxClaims } from '@souvenir/platform';

/** The outbox relay claims rows for a while instead of holding their locks across its publish to JetStream. */
export class OutboxClaims1736300000000 implements MigrationInterface {
  name = 'OutboxClaims1736300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addOutboxClaims(queryRunner, 'identity');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropOutboxClaims(queryRunner, 'identity');
  }
}
