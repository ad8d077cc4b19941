import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last four digits of the buyer's card: a refund tells the buyer where the money went ("$16.00 back to
 * your card ending 4242"). Only the four digits the providers themselves show; older orders have none.
 */
export class OrderCardLast41736700000000 implements MigrationInterface {
  name = 'OrderCardLast41736700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE payments.orders ADD COLUMN card_last4 text CONSTRAINT orders_card_last4_digits CHECK (card_last4 ~ '^[0-9]{4}$')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.orders DROP COLUMN card_last4`);
  }
}
