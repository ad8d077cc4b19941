import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderItems1737100000000 implements MigrationInterface {
  name = 'OrderItems1737100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Which item each order is about, kept from payments' order events, so that the sentences of events that carry
    // only an order id (reviews) name the item without a network call; and whose sale it is, so a reminder can say
    // "your sale" to the seller. Read by primary key only.
    await queryRunner.query(`
      CREATE TABLE notifications.order_items (
        order_id uuid PRIMARY KEY,
        product_title text NOT NULL,
        seller_id uuid NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notifications.order_items`);
  }
}
