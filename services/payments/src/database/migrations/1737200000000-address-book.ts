import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The buyers' address book: the shipping addresses a signed-in buyer keeps for the checkout, one of them the default,
 * and the address an order was shipped to (so a paid checkout marks it last used in the same transaction).
 */
export class AddressBook1737200000000 implements MigrationInterface {
  name = 'AddressBook1737200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The lengths repeat the contracts' limits: a row the API would refuse cannot be stored by any other path either.
    await queryRunner.query(`
      CREATE TABLE payments.saved_addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        first_name text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 50),
        last_name text NOT NULL CHECK (char_length(last_name) BETWEEN 1 AND 50),
        line1 text NOT NULL CHECK (char_length(line1) BETWEEN 1 AND 200),
        line2 text CHECK (char_length(line2) <= 200),
        city text NOT NULL CHECK (char_length(city) BETWEEN 1 AND 100),
        region text CHECK (char_length(region) <= 100),
        postcode text NOT NULL CHECK (char_length(postcode) BETWEEN 1 AND 20),
        country text NOT NULL CHECK (char_length(country) BETWEEN 1 AND 60),
        phone text CHECK (char_length(phone) <= 30),
        is_default boolean NOT NULL DEFAULT false,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX saved_addresses_user_idx ON payments.saved_addresses (user_id, last_used_at DESC NULLS LAST, created_at DESC)`,
    );
    // One default per person, whatever two requests do at once.
    await queryRunner.query(
      `CREATE UNIQUE INDEX saved_addresses_one_default_idx ON payments.saved_addresses (user_id) WHERE is_default`,
    );
    await queryRunner.query(
      `ALTER TABLE payments.orders ADD COLUMN saved_address_id uuid REFERENCES payments.saved_addresses (id) ON DELETE SET NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX orders_saved_address_idx ON payments.orders (saved_address_id) WHERE saved_address_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments.orders DROP COLUMN saved_address_id`);
    await queryRunner.query(`DROP TABLE payments.saved_addresses`);
  }
}
