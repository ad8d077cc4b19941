import type { Condition, ProductStatus } from '@souvenir/contracts';
import { PreparedStatement } from '@souvenir/platform';
import type { ProductRow } from '../product.mapper';
import type { SellerProductKey } from '../seller-product-cursor';
import type { Statement } from '../../database/params';
import { ISO_MICROS, PRODUCT_COLUMNS, PRODUCTS_WITH_SELLERS } from './product-columns';

// The statements of everything but browse and search: products by key, a seller's lists, the categories, the
// sitemap's ids, and the writes. products.repository.ts runs them; queries.spec.ts shows every one.

// The product page and the favourites list read products by key: prepared statements (planned once per connection).

/**
 * The products with these ids in these states, each with its seller. The seller is looked up per product by primary
 * key: the LATERAL subquery with OFFSET 0 cannot be flattened into a plain join, for which Postgres hashes every
 * seller to match a few dozen products once there are a few thousand sellers.
 */
export const WITH_SELLER_BY_IDS = new PreparedStatement<ProductRow>(
  'catalog.products-with-seller-by-ids',
  `
  SELECT ${PRODUCT_COLUMNS}
    FROM catalog.products p
   CROSS JOIN LATERAL (SELECT * FROM catalog.sellers s WHERE s.id = p.seller_id OFFSET 0) s
   WHERE p.id = ANY($1::uuid[]) AND p.status = ANY($2::text[])`,
);

export const VISIBLE_BY_ID = new PreparedStatement<ProductRow>(
  'catalog.product-by-id',
  `
  SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCTS_WITH_SELLERS} WHERE p.id = $1 AND p.status = ANY($2::text[])`,
);

/** A seller's products in these states, newest first, strictly after `after`: walks products_seller_idx. */
export function sellerPage(
  sellerId: string,
  statuses: readonly ProductStatus[],
  after: SellerProductKey | null,
  limit: number,
): Statement {
  const values: unknown[] = [sellerId, statuses, limit];
  const afterSql = after ? `AND (p.created_at, p.id) < ($4::timestamptz, $5::uuid)` : '';
  if (after) values.push(after.createdAt, after.id);
  return {
    text: `SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at
         FROM ${PRODUCTS_WITH_SELLERS}
        WHERE p.seller_id = $1 AND p.status = ANY($2::text[]) ${afterSql}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT $3`,
    values,
  };
}

/** How many of a seller's products are in these states (the profile tabs' counts; products_seller_idx). */
export function sellerCount(sellerId: string, statuses: readonly ProductStatus[]): Statement {
  return {
    text: `SELECT count(*)::int AS count FROM catalog.products WHERE seller_id = $1 AND status = ANY($2::text[])`,
    values: [sellerId, statuses],
  };
}

/** Active products per country, most stocked first (products_country_idx). */
export const ACTIVE_BY_COUNTRY: Statement = {
  text: `SELECT country, count(*)::int AS count FROM catalog.products WHERE status = 'active'
        GROUP BY country ORDER BY count(*) DESC, country ASC`,
  values: [],
};

/** Up to `limit` active products' ids after `after`, ascending: a range scan of the primary key. */
export function activeIds(after: string | null, limit: number): Statement {
  return {
    text: `SELECT id FROM catalog.products WHERE status = 'active' AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
    values: [after, limit],
  };
}

export const productExists = (id: string): Statement => ({
  text: `SELECT EXISTS (SELECT 1 FROM catalog.products WHERE id = $1) AS exists`,
  values: [id],
});

/** What a new listing is given; the rest are the table's defaults (id, created_at, no sale yet). */
export interface NewProduct {
  sellerId: string;
  title: string;
  description: string;
  /** Decimal text with two decimals, as numeric(12,2) answers it. */
  price: string;
  originalPrice: string | null;
  condition: Condition;
  category: string;
  country: string;
  images: string[];
  isCustomsVerified: boolean;
  /** Null: not declared by the seller. */
  contents: string[] | null;
  provenance: object | null;
  /** 'documented' when the provenance has documents; null otherwise. */
  originLevel: 'documented' | null;
}

/** Inserts an active listing and answers it as a `ProductRow`, joined to its seller, in one statement. */
export function insertProduct(product: NewProduct): Statement {
  return {
    text: `WITH p AS (
         INSERT INTO catalog.products
                (seller_id, title, description, price, original_price, condition, category, country, images,
                 is_customs_verified, status, favorite_count, contents, provenance, origin_level)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', 0, $11, $12, $13)
         RETURNING id, seller_id, title, description, price, original_price, condition, category, country, images,
                   is_customs_verified, status, created_at, contents, provenance, origin_level, previous_price,
                   price_dropped_at, reserved_until
       )
       SELECT ${PRODUCT_COLUMNS} FROM p JOIN catalog.sellers s ON s.id = p.seller_id`,
    values: [
      product.sellerId,
      product.title,
      product.description,
      product.price,
      product.originalPrice,
      product.condition,
      product.category,
      product.country,
      product.images,
      product.isCustomsVerified,
      product.contents,
      product.provenance,
      product.originLevel,
    ],
  };
}

/** What an edit decides on (its owner, whether it is on sale, the price before it), locked until the commit. */
export const lockForEdit = (id: string): Statement => ({
  text: `SELECT seller_id AS "sellerId", status, price, edit_version AS "editVersion",
                reservation_version AS "reservationVersion", sale_version AS "saleVersion",
                CASE WHEN reserved_until > now()
                     THEN to_char(reserved_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "reservedUntil"
         FROM catalog.products WHERE id = $1 FOR UPDATE`,
  values: [id],
});

/** The sell form's fields of a listing, as the seller edited them. */
export type EditedListing = Omit<NewProduct, 'sellerId' | 'provenance' | 'originLevel'> & {
  /**
   * Absent: the edit left provenance as it was. `originLevel` absent: its documents are the same, so the origin level
   * (support's decision on them included) stays.
   */
  provenance?: { value: object | null; originLevel?: 'documented' | null };
};

/**
 * Writes an edit. A lower price keeps the one before it and when it dropped (cards strike it through); a higher one
 * clears both; the same price leaves them. SET reads the row as it was before this statement.
 */
export function updateListing(id: string, listing: EditedListing): Statement {
  return {
    text: `UPDATE catalog.products SET
             title = $2, description = $3, price = $4::numeric, original_price = $5, condition = $6, category = $7,
             country = $8, images = $9, is_customs_verified = $10, contents = $11,
             provenance = CASE WHEN $12 THEN $13::jsonb ELSE provenance END,
             origin_level = CASE WHEN $15 THEN $14 ELSE origin_level END,
             previous_price = CASE WHEN $4::numeric < price THEN price WHEN $4::numeric > price THEN NULL ELSE previous_price END,
             price_dropped_at = CASE WHEN $4::numeric < price THEN now() WHEN $4::numeric > price THEN NULL ELSE price_dropped_at END,
             edit_version = edit_version + 1, updated_at = now()
           WHERE id = $1
           RETURNING edit_version AS "editVersion"`,
    values: [
      id,
      listing.title,
      listing.description,
      listing.price,
      listing.originalPrice,
      listing.condition,
      listing.category,
      listing.country,
      listing.images,
      listing.isCustomsVerified,
      listing.contents,
      listing.provenance !== undefined,
      listing.provenance?.value ?? null,
      listing.provenance?.originLevel ?? null,
      listing.provenance?.originLevel !== undefined,
    ],
  };
}

/** The columns a state change decides on, the row locked until the caller's transaction ends. */
export const lockSaleState = (id: string): Statement => ({
  text: `SELECT id, seller_id AS "sellerId", status, sold_order_id AS "soldOrderId", sale_version AS "saleVersion"
         FROM catalog.products WHERE id = $1 FOR UPDATE`,
  values: [id],
});

export function saveSaleState(state: {
  id: string;
  status: ProductStatus;
  soldOrderId: string | null;
  saleVersion: number;
}): Statement {
  return {
    // A sale, a removal or a relisting ends a reservation (quietly: the sold, removed or relisted event says enough).
    text: `UPDATE catalog.products SET status = $2, sold_order_id = $3, sale_version = $4, reserved_for = NULL,
             reserved_until = NULL, updated_at = now() WHERE id = $1`,
    values: [state.id, state.status, state.soldOrderId, state.saleVersion],
  };
}

/** Moves the count Most Popular orders by, never below zero. */
export const addToFavouriteCount = (id: string, delta: number): Statement => ({
  text: `UPDATE catalog.products SET favorite_count = GREATEST(favorite_count + $2, 0), updated_at = now() WHERE id = $1`,
  values: [id, delta],
});

/** An order refunded after its sale (a claim, a return): its product may be relisted by its seller. */
export const recordRefundedOrder = (orderId: string): Statement => ({
  text: `INSERT INTO catalog.refunded_orders (order_id) VALUES ($1) ON CONFLICT DO NOTHING`,
  values: [orderId],
});

export const isRefundedOrder = (orderId: string): Statement => ({
  text: `SELECT 1 FROM catalog.refunded_orders WHERE order_id = $1`,
  values: [orderId],
});

export const recordRefundedItem = (orderId: string, productId: string): Statement => ({
  text: `INSERT INTO catalog.refunded_items (order_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
  values: [orderId, productId],
});

export const isRefundedItem = (orderId: string, productId: string): Statement => ({
  text: `SELECT 1 FROM catalog.refunded_items WHERE order_id = $1 AND product_id = $2`,
  values: [orderId, productId],
});

export const recordCancelledOrder = (orderId: string): Statement => ({
  text: `INSERT INTO catalog.cancelled_orders (order_id) VALUES ($1) ON CONFLICT DO NOTHING`,
  values: [orderId],
});

export const isCancelledOrder = (orderId: string): Statement => ({
  text: `SELECT 1 FROM catalog.cancelled_orders WHERE order_id = $1`,
  values: [orderId],
});

/** A visible product's provenance (its page's customs panel); no row for an unknown or removed product. */
export const provenanceOf = (id: string): Statement => ({
  text: `SELECT provenance FROM catalog.products WHERE id = $1 AND status <> 'removed'`,
  values: [id],
});

/** Support's provenance queue: documented listings nobody reviewed, oldest first (a few at a time). */
export function provenanceQueue(limit: number): Statement {
  return {
    text: `SELECT p.id, p.title, p.country, p.images[1] AS image, p.seller_id, p.contents, p.provenance,
                  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso
             FROM catalog.products p
            WHERE p.status = 'active' AND p.origin_level = 'documented' AND p.provenance_reviewed_at IS NULL
            ORDER BY p.created_at, p.id
            LIMIT $1`,
    values: [limit],
  };
}

/** How many listings support's provenance queue holds (by products_provenance_queue_idx). */
export const provenanceQueueCount = (): Statement => ({
  text: `SELECT count(*)::int AS count FROM catalog.products
          WHERE status = 'active' AND origin_level = 'documented' AND provenance_reviewed_at IS NULL`,
  values: [],
});

/**
 * Support's decision on a documented listing: approved documents make it 'checked'; rejected ones no longer count
 * (back to the seller's checkbox alone). Only a listing still waiting is changed: answers its id, or nothing.
 */
export function decideProvenance(id: string, approve: boolean, reviewerId: string): Statement {
  return {
    // In a CTE so that the caller's manager.query answers the rows (an UPDATE's answer is [rows, count]).
    text: `WITH d AS (
           UPDATE catalog.products
              SET origin_level = CASE WHEN $2::boolean THEN 'checked' END,
                  provenance_reviewed_at = now(), provenance_reviewed_by = $3
            WHERE id = $1 AND status <> 'removed' AND origin_level = 'documented' AND provenance_reviewed_at IS NULL
        RETURNING id, seller_id, origin_level, is_customs_verified
       )
       SELECT id, seller_id, origin_level, is_customs_verified FROM d`,
    values: [id, approve, reviewerId],
  };
}

// Reservations: the seller reserves a listing on sale for one buyer until a time (`1738700000000-reservations`).

const ISO_MS = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What reserving decides on (owner, sale state, holds, the reservation now), locked until the commit. */
export const lockReservation = (id: string): Statement => ({
  text: `SELECT id, seller_id AS "sellerId", status, title, held_at IS NOT NULL AS held,
                moderated_at IS NOT NULL AS moderated, reserved_for AS "reservedFor",
                ${ISO_MS('reserved_until')} AS "reservedUntil",
                reserved_until IS NOT NULL AND reserved_until <= now() AS "reservationOver",
                reservation_version AS "reservationVersion", sale_version AS "saleVersion"
           FROM catalog.products WHERE id = $1 FOR UPDATE`,
  values: [id],
});

/** Reserves for the buyer from now for `seconds` (a new reservation, or the same buyer's extended). */
export const reserve = (id: string, buyerId: string, seconds: number): Statement => ({
  text: `UPDATE catalog.products
            SET reserved_for = $2, reserved_until = now() + make_interval(secs => $3),
                reservation_version = reservation_version + 1, updated_at = now()
          WHERE id = $1
          RETURNING ${ISO_MS('reserved_until')} AS "reservedUntil", reservation_version AS "reservationVersion"`,
  values: [id, buyerId, seconds],
});

/** Ends the product's reservation; answers nothing when it had none. */
export const endReservation = (id: string): Statement => ({
  text: `UPDATE catalog.products
            SET reserved_for = NULL, reserved_until = NULL, reservation_version = reservation_version + 1,
                updated_at = now()
          WHERE id = $1 AND reserved_for IS NOT NULL
          RETURNING reservation_version AS "reservationVersion"`,
  values: [id],
});

/** The products reserved for a buyer (of one seller, when given): products_reserved_for_idx. */
export const reservedForBuyer = (buyerId: string, sellerId: string | null): Statement => ({
  text: `SELECT id FROM catalog.products
          WHERE reserved_for = $1 AND ($2::uuid IS NULL OR seller_id = $2::uuid) ORDER BY id`,
  values: [buyerId, sellerId],
});

/** Who a product is reserved for now (by primary keys), with their name; no row once it has ended. */
export const reservedFor = (id: string): Statement => ({
  text: `SELECT b.id, b.first_name AS "firstName", b.last_name AS "lastName"
           FROM catalog.products p JOIN catalog.sellers b ON b.id = p.reserved_for
          WHERE p.id = $1 AND p.status = 'active' AND p.reserved_until > now()`,
  values: [id],
});
