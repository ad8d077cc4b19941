import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createPlatformTables, dropPlatformTables } from '@souvenir/platform';

export class CreateReviews1735000000000 implements MigrationInterface {
  name = 'CreateReviews1735000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per completed order with a member buyer: its two review slots and their window.
    await queryRunner.query(`
      CREATE TABLE reviews.orders (
        order_id uuid PRIMARY KEY,
        product_id uuid NOT NULL,
        buyer_id uuid NOT NULL,
        seller_id uuid NOT NULL,
        completed_at timestamptz NOT NULL,
        window_ends_at timestamptz NOT NULL,
        published_at timestamptz,
        CHECK (buyer_id <> seller_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE reviews.reviews (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES reviews.orders (order_id),
        author_role text NOT NULL CHECK (author_role IN ('buyer', 'seller')),
        author_id uuid NOT NULL,
        subject_id uuid NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        reply_text text CHECK (char_length(reply_text) BETWEEN 1 AND 1000),
        replied_at timestamptz,
        UNIQUE (order_id, author_role)
      )`);
    // A profile's Reviews tab: published reviews about a user, newest first (the keyset of its pages).
    await queryRunner.query(
      `CREATE INDEX reviews_subject_published_idx ON reviews.reviews (subject_id, published_at DESC, id DESC)
       WHERE published_at IS NOT NULL`,
    );
    // Kept in the transaction of each publication, so no page counts reviews to show a rating.
    await queryRunner.query(`
      CREATE TABLE reviews.rating_summaries (
        user_id uuid PRIMARY KEY,
        review_count integer NOT NULL,
        rating_sum integer NOT NULL,
        stars_1 integer NOT NULL,
        stars_2 integer NOT NULL,
        stars_3 integer NOT NULL,
        stars_4 integer NOT NULL,
        stars_5 integer NOT NULL,
        version integer NOT NULL
      )`);
    // Authors' names and avatars, fed by identity's events (newest version wins).
    await queryRunner.query(`
      CREATE TABLE reviews.users (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        avatar text,
        version integer NOT NULL
      )`);
    await createPlatformTables(queryRunner, 'reviews');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropPlatformTables(queryRunner, 'reviews');
    await queryRunner.query(`DROP TABLE reviews.users`);
    await queryRunner.query(`DROP TABLE reviews.rating_summaries`);
    await queryRunner.query(`DROP TABLE reviews.reviews`);
    await queryRunner.query(`DROP TABLE reviews.orders`);
  }
}
