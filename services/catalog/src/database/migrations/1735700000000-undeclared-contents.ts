import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contents not declared: `products.contents` may be null, meaning the seller did not say what the item
 * contains (a `POST /api/products` without `contents`, as the spec's own call is written). Until now such a listing
 * was stored as `{none}`, a claim nobody made.
 *
 * Existing `{none}` rows become null. They are the column's default for every product listed before contents were declared, the
 * API's silent default since, or the sell form's pre-ticked "None of these": none of them can be told apart from a
 * seller's deliberate answer, so none is kept as one. Rows with any other contents were ticked by a seller and stay.
 * The GIN index needs no change: a null array matches no `&&`, so the Contents facet never counts them as "none".
 * The checks keep the stored answer what the API accepts: a non-empty list, with "none" only on its own.
 */
export class UndeclaredContents1735700000000 implements MigrationInterface {
  name = 'UndeclaredContents1735700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE catalog.products ALTER COLUMN contents DROP NOT NULL, ALTER COLUMN contents DROP DEFAULT`,
    );
    await queryRunner.query(`UPDATE catalog.products SET contents = NULL WHERE contents = '{none}'`);
    await queryRunner.query(`
      ALTER TABLE catalog.products
        ADD CONSTRAINT products_contents_declared_check
          CHECK (contents IS NULL OR (cardinality(contents) > 0 AND (contents = '{none}' OR NOT 'none' = ANY (contents))))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE catalog.products DROP CONSTRAINT products_contents_declared_check`);
    await queryRunner.query(`UPDATE catalog.products SET contents = '{none}' WHERE contents IS NULL`);
    await queryRunner.query(
      `ALTER TABLE catalog.products ALTER COLUMN contents SET DEFAULT '{none}', ALTER COLUMN contents SET NOT NULL`,
    );
  }
}
