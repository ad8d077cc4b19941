import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A claim support decides with a return: the buyer sends the item back with tracking and the refund waits until the
 * seller confirms it arrived (or its deadline passes). The claim keeps the return's carrier, tracking number, when
 * it was sent, by when the buyer must send it and by when it must arrive, and when it arrived.
 */
export class ClaimReturns1737600000000 implements MigrationInterface {
  name = 'ClaimReturns1737600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payments.claims
        ADD COLUMN return_ship_by timestamptz,
        ADD COLUMN return_carrier text,
        ADD COLUMN return_tracking_number text,
        ADD COLUMN return_shipped_at timestamptz,
        ADD COLUMN return_arrives_by timestamptz,
        ADD COLUMN return_arrived_at timestamptz`);
    // 'returning': decided with a return, the refund waiting for the item.
    await queryRunner.query(`
      ALTER TABLE payments.claims DROP CONSTRAINT claims_status_check,
        ADD CONSTRAINT claims_status_check CHECK (status IN ('open', 'escalated', 'returning', 'resolved'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payments.claims DROP CONSTRAINT claims_status_check,
        ADD CONSTRAINT claims_status_check CHECK (status IN ('open', 'escalated', 'resolved'))`);
    await queryRunner.query(`
      ALTER TABLE payments.claims DROP COLUMN return_ship_by, DROP COLUMN return_carrier,
        DROP COLUMN return_tracking_number, DROP COLUMN return_shipped_at, DROP COLUMN return_arrives_by,
        DROP COLUMN return_arrived_at`);
  }
}
