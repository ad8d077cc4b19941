import { Injectable } from '@nestjs/common';
import { EVENTS, savedSearchLabel, type Condition } from '@souvenir/contracts';
import { Outbox, processRegistry } from '@souvenir/platform';
import { Histogram } from 'prom-client';
import type { EntityManager } from 'typeorm';
import { MAX_KEY_LENGTH } from '../saved-searches/search-keys';

interface Hit {
  match_id: string;
  saved_search_id: string;
  user_id: string;
  search: string | null;
  country: string | null;
  min_price: string | null;
  max_price: string | null;
  categories: string[];
  condition: Condition | null;
  title: string;
  price: string;
}

/** catalog's `search_doc` of the listing row `p`: title, category and country, description, through `search_text`. */
const LISTING_DOC = `(to_tsvector('english', alerts.search_text(p.title)) ||
  to_tsvector('english', alerts.search_text(p.category || ' ' || p.country)) ||
  to_tsvector('english', alerts.search_text(p.description)))`;

/** The matcher's own time per listing (its statements and outbox writes; the bench reads its p95). */
const matchDuration = new Histogram({
  name: 'alerts_listing_match_seconds',
  help: 'Time to match one listing against every saved search: its statements and the outbox writes of its matches',
  buckets: [0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.2, 0.5, 1, 2.5],
  registers: [processRegistry],
});

/**
 * Whether the listing row `p` may be announced now: listed (its content known), screened by moderation's keyword
 * check, on sale, and not reserved (a reservation counts while its time lasts, under the sale version it was made in).
 */
const ANNOUNCEABLE = `p.listed AND p.screened AND p.status = 'active'
  AND NOT (p.reserved_until IS NOT NULL AND p.reserved_until > now() AND p.reserved_sale_version = p.sale_version)`;

/**
 * Matches one listing on sale against every saved search (the percolator): the listing's text is made into catalog's
 * search document (`search_doc`: title, category and country, description, through the same `search_text`), and the
 * saved searches filed under a key it holds (its words' prefixes, its country, its category, or `*`) are the
 * candidates, read through `saved_search_keys_probe_idx` (their second key checked there). Each candidate is then
 * checked in full: its words' query against the document, its filters, that the listing is not its owner's, can be
 * delivered to them (the seller ships within the owner's country) and that no block stands between them. New
 * (search, listing) pairs are recorded and announced in the caller's transaction; a pair already announced is never
 * announced again. A listing that may not be announced (`ANNOUNCEABLE`) matches nothing; the caller's upsert of its
 * row holds the row until the commit, so no other event of the listing changes that meanwhile.
 */
@Injectable()
export class ListingMatcher {
  constructor(private readonly outbox: Outbox) {}

  /** The searches matched and announced now; 0 when the listing may not be announced (timed only otherwise). */
  async match(manager: EntityManager, productId: string): Promise<number> {
    const timer = matchDuration.startTimer();
    const matched = await this.matchNow(manager, productId);
    if (matched !== null) timer();
    return matched ?? 0;
  }

  private async matchNow(manager: EntityManager, productId: string): Promise<number | null> {
    // The listing's keys first, as an array: in one statement with the rest, Postgres guessed a thousand keys per
    // word and read every saved search's keys (hash joins, 280 ms at 100,000 searches). The candidates are an
    // array too (an InitPlan): joined, a thousand of them made it read every saved search rather than probe each.
    const [listing] = (await manager.query(
      `SELECT ARRAY(
                SELECT 'w:' || left(l, n)
                  FROM unnest(tsvector_to_array(${LISTING_DOC})) AS l, generate_series(1, least(length(l), ${MAX_KEY_LENGTH})) AS n
                UNION SELECT 'c:' || p.country UNION SELECT 'k:' || p.category UNION SELECT '*') AS keys
         FROM alerts.products p WHERE p.id = $1 AND ${ANNOUNCEABLE}`,
      [productId],
    )) as { keys: string[] }[];
    if (!listing) return null;
    const hits = (await manager.query(
      `WITH d AS (
         SELECT p.id, p.seller_id, p.title, p.price, p.country, p.category, p.condition, p.ships_from,
                ${LISTING_DOC} AS doc
           FROM alerts.products p WHERE p.id = $1),
       hits AS (
         SELECT s.id, s.user_id, s.search, s.country, s.min_price, s.max_price, s.categories, s.condition,
                d.id AS product_id, d.title, d.price
           FROM alerts.saved_searches s CROSS JOIN d
          WHERE s.id = ANY (ARRAY(SELECT k.saved_search_id FROM alerts.saved_search_keys k
                                   WHERE k.key = ANY ($2::text[]) AND (k.also IS NULL OR k.also = ANY ($2::text[]))))
            AND s.user_id <> d.seller_id
            AND (s.query IS NULL OR d.doc @@ s.query)
            AND (s.country IS NULL OR s.country = d.country)
            AND (s.min_price IS NULL OR d.price >= s.min_price)
            AND (s.max_price IS NULL OR d.price <= s.max_price)
            AND (s.condition IS NULL OR s.condition = d.condition)
            AND (cardinality(s.categories) = 0 OR d.category = ANY (s.sell_categories)
                 OR (s.category_query IS NOT NULL AND d.doc @@ s.category_query))
            AND NOT EXISTS (SELECT 1 FROM alerts.people o
                             WHERE o.user_id = s.user_id AND o.ships_to IS NOT NULL
                               AND o.ships_to IS DISTINCT FROM d.ships_from)
            AND NOT EXISTS (SELECT 1 FROM alerts.blocks b
                             WHERE b.blocked AND ((b.blocker_id = s.user_id AND b.blocked_id = d.seller_id)
                                               OR (b.blocker_id = d.seller_id AND b.blocked_id = s.user_id)))),
       recorded AS (
         INSERT INTO alerts.matches (id, saved_search_id, product_id)
         SELECT gen_random_uuid(), h.id, h.product_id FROM hits h
         ON CONFLICT (saved_search_id, product_id) DO NOTHING
         RETURNING id, saved_search_id)
       SELECT r.id AS match_id, h.id AS saved_search_id, h.user_id, h.search, h.country, h.min_price::text,
              h.max_price::text, h.categories, h.condition, h.title, h.price::text
         FROM recorded r JOIN hits h ON h.id = r.saved_search_id`,
      [productId, listing.keys],
    )) as Hit[];
    const occurredAt = new Date().toISOString();
    for (const hit of hits) {
      await this.outbox.add(manager, EVENTS.alerts.searchMatched, {
        matchId: hit.match_id,
        savedSearchId: hit.saved_search_id,
        userId: hit.user_id,
        label: savedSearchLabel({
          search: hit.search,
          country: hit.country,
          minPrice: hit.min_price,
          maxPrice: hit.max_price,
          categories: hit.categories,
          condition: hit.condition,
        }),
        productId,
        title: hit.title,
        price: hit.price,
        occurredAt,
      });
    }
    return hits.length;
  }
}
