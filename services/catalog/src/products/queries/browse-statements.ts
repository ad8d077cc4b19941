import type { ProductSort } from '@souvenir/contracts';
import type { CursorKey } from '../../search/product-cursor';
import { SEARCH_TIERS } from '../../search/product-search';
import { Params, type Statement } from '../../database/params';
import { PAGE_COLUMNS, PRODUCT_COLUMNS, ISO_MICROS } from './product-columns';
import {
  exactWordReads,
  filterSql,
  filtersInSortIndexes,
  narrowedBySearchIndex,
  onlyWords,
  type ProductFilters,
} from './product-filters';
import {
  lowerBoundProven,
  matchesAnywhere,
  noMatchProven,
  provesLowerBound,
  searchTsQuery,
  tierCondition,
  tierOf,
  type TierMatch,
} from '../../search/search-query';
import { sortOrder } from '../../search/sort-paging';

// The statements of browse and search (lists and their totals; "did you mean" is search/suggestion.ts). Each builder
// is pure: the same arguments give the same text and values (queries.spec.ts shows every one); products.repository.ts
// runs them.

/**
 * The SQL of one page: the products (with sellers and keys) matching `where` in `order`, `limit` of them.
 * Normally one statement that walks the order's index. With `matchesFirst`, the matches are read first (a
 * MATERIALIZED CTE, so the planner cannot turn it back into an index walk: it uses the GIN index), sorted by
 * their keys, and only the page's rows are joined to their columns and sellers. `from` must then not join the
 * sellers unless a filter needs them.
 */
function pageSql({
  from,
  where,
  order,
  limit,
  matchesFirst,
  cap,
}: {
  from: string;
  where: string[];
  order: string;
  limit: string;
  matchesFirst: boolean;
  /** With `matchesFirst`: read no more than cap + 1 matches, and answer `overflow` (the placeholder of cap). */
  cap?: string;
}): string {
  if (!matchesFirst)
    return `SELECT ${PAGE_COLUMNS} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit}`;
  // The cap reads the MATERIALIZED matches lazily, so their plan stays the one for all of them (the GIN index).
  return `WITH matches AS MATERIALIZED (
            SELECT p.id, p.created_at, p.price, p.favorite_count FROM ${from} WHERE ${where.join(' AND ')}
          ), ${cap ? `capped AS MATERIALIZED (SELECT * FROM matches LIMIT ${cap} + 1), ` : ''}page AS (
            SELECT p.id FROM ${cap ? 'capped' : 'matches'} p ORDER BY ${order} LIMIT ${limit}
          )
          SELECT ${PAGE_COLUMNS}${cap ? `, (SELECT count(*) FROM capped) > ${cap} AS overflow` : ''}
            FROM page JOIN catalog.products p ON p.id = page.id JOIN catalog.sellers s ON s.id = p.seller_id
           ORDER BY ${order}`;
}

const matchOf =
  (tier: TierMatch, alias = 'p') =>
  (query: string) =>
    tier === undefined ? matchesAnywhere(query, alias) : tierCondition(tier, query, alias);

/**
 * A page in a sort's order strictly after `after`, through `pageSql`. `tier`: null when a search's words are one
 * more filter (a match anywhere, `filterSql`); else the tier's own condition, its words bound first.
 */
function sortedPage(
  filters: ProductFilters,
  sort: ProductSort,
  after: CursorKey | null,
  limit: number,
  {
    matchesFirst,
    withSellers = false,
    tier,
    cap,
  }: { matchesFirst: boolean; withSellers?: boolean; tier: TierMatch | null; cap?: number },
): Statement {
  const params = new Params();
  const tierMatch =
    tier === null
      ? null
      : matchOf(tier)(searchTsQuery(filters.searchWords ?? [], params, { exact: exactWordReads(filters) }));
  // A title or labels tier read with a filter that has a words index of its own also states the match anywhere,
  // which the tier's match implies: the planner can then read that index (`art` in Jewelry, the labels tier: 13,775
  // matches of the labels' index tested for 0 in Jewelry, 20 ms; 2,492 through the category's, 9 ms at 100k).
  const alsoAnywhere = (tier === 1 || tier === 2) && narrowedBySearchIndex(filters);
  const { from, where } = filterSql(filters, params, { withSellers, search: tierMatch === null || alsoAnywhere });
  const { order, keyset } = sortOrder(sort, after, params);
  const text = pageSql({
    from,
    where: [...where, ...(tierMatch === null ? [] : [tierMatch]), ...(keyset ? [keyset] : [])],
    order,
    limit: params.add(limit),
    matchesFirst,
    cap: cap === undefined ? undefined : `${params.add(cap)}::int`,
  });
  return { text, values: params.values };
}

/**
 * A page of products without a search, strictly after `after` in the sort's order: one statement walking the
 * sort's index (filters narrow it; sellers looked up per row by primary key).
 */
export function browsePage(
  filters: ProductFilters,
  sort: ProductSort,
  after: CursorKey | null,
  limit: number,
): Statement {
  return sortedPage(filters, sort, after, limit, { matchesFirst: false, withSellers: true, tier: null });
}

/** A page of a search with few matches, not ranked: every match read through the GIN index, then sorted. */
export function fewMatchesPage(
  filters: ProductFilters,
  sort: ProductSort,
  after: CursorKey | null,
  limit: number,
): Statement {
  return sortedPage(filters, sort, after, limit, { matchesFirst: true, tier: null });
}

/**
 * A ranked page of a search with few matches: every match read through the GIN index with its tier, sorted by
 * (tier desc, created_at desc, id desc), and only the page's rows joined to their columns and sellers. Rows answer
 * their `tier`.
 */
export function fewMatchesRankedPage(filters: ProductFilters, after: CursorKey | null, limit: number): Statement {
  const params = new Params();
  const { from, where } = filterSql(filters, params);
  const query = searchTsQuery(filters.searchWords ?? [], params);
  const keyset = after
    ? `(p.tier, p.created_at, p.id) < (${params.add(after.tier ?? SEARCH_TIERS[0])}::int, ${params.add(after.createdAt)}::timestamptz, ${params.add(after.id)}::uuid)`
    : 'true';
  const text = `WITH matches AS MATERIALIZED (
         SELECT p.id, p.created_at,
                ${tierOf(query)} AS tier
           FROM ${from} WHERE ${where.join(' AND ')}
       ), page AS (
         SELECT p.id, p.tier FROM matches p WHERE ${keyset} ORDER BY p.tier DESC, p.created_at DESC, p.id DESC LIMIT ${params.add(limit)}
       )
       SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count, page.tier
         FROM page JOIN catalog.products p ON p.id = page.id JOIN catalog.sellers s ON s.id = p.seller_id
        ORDER BY page.tier DESC, p.created_at DESC, p.id DESC`;
  return { text, values: params.values };
}

/**
 * For a search with no other filter, the condition that proves more than the bound match from the words' lexeme
 * counts alone (`lowerBoundProven`; `counted` is the placeholder of bound + 1); null otherwise.
 */
function provenPastBound(filters: ProductFilters, counted: string, params: Params): string | null {
  return canProvePastBound(filters) ? lowerBoundProven(filters.searchWords ?? [], counted, params) : null;
}

const canProvePastBound = (filters: ProductFilters) =>
  !!filters.searchWords && onlyWords(filters) && provesLowerBound(filters.searchWords);

/**
 * The bounded count of a statement, or bound + 1 without counting when `proven` holds: both are uncorrelated
 * subqueries, i.e. InitPlans, which Postgres runs only when the CASE reaches them, so a proven total reads no match.
 */
function countOrProven(countFrom: string, counted: string, proven: string | null): string {
  const count = `SELECT count(*)::int AS count FROM ${countFrom}`;
  return proven ? `SELECT CASE WHEN ${proven} THEN ${counted}::int ELSE (${count}) END AS count` : count;
}

/**
 * What the lexeme counts (`catalog.search_lexemes`) prove of a one-word search's total without reading products:
 * `no_match`, that no product holds a lexeme starting like the word (`noMatchProven`), `past_bound`, that more than
 * `bound` match (`lowerBoundProven`), and `no_title_match`, that no title holds one (a ranked page's first tier is
 * empty: a country or a category's word). A statement of its own, sent before the count (`countedFewMatchesPage`),
 * which a proof then skips: the count's planning alone (0.65–0.9 ms) cost more than this whole statement. Only for one
 * word without filters (null otherwise): a search of several words or with filters can rarely be proven either way (a
 * rare word exists; the filters are not in the counts), and the statement would then only add a round trip.
 */
export function lexemeProofs(filters: ProductFilters, bound: number): Statement | null {
  if (!canProvePastBound(filters)) return null;
  const words = filters.searchWords ?? [];
  const params = new Params();
  const counted = `${params.add(bound + 1)}::int`;
  const text = `SELECT ${noMatchProven(words, params) ?? 'false'} AS no_match,
                       ${lowerBoundProven(words, counted, params) ?? 'false'} AS past_bound,
                       ${noMatchProven(words, params, { inTitles: true }) ?? 'false'} AS no_title_match`;
  return { text, values: params.values };
}

/**
 * A search's total and, when it is at most `bound`, its page: one statement, where a count and then a page read the
 * same matches through the same GIN index twice. What the lexeme counts can prove (no match, or more than the bound)
 * is proven first, apart (`lexemeProofs`), so this statement always counts. The matches (ranked, sort=recent: with
 * their tier) are read lazily through the GIN index and counted up to `bound` + 1 (MATERIALIZED, as in `countUpTo`);
 * only when no more than `bound` match are they sorted and the page's rows joined to their columns and sellers (a
 * one-time filter: past the bound the matches are not read further, and the page is walked tier by tier,
 * `searchWindowPage`). Every row answers `count`; with no page the one row's other columns are null. A ranked search
 * past the bound also answers `no_title_match` where the lexeme counts prove its title tier empty.
 */
export function countedFewMatchesPage(
  filters: ProductFilters,
  sort: ProductSort,
  after: CursorKey | null,
  limit: number,
  bound: number,
): Statement {
  const params = new Params();
  const { from, where } = filterSql(filters, params);
  const ranked = sort === 'recent';
  // The tier is computed for the page's sort only, not for the matches counted past the bound.
  const tier = ranked ? `${tierOf(searchTsQuery(filters.searchWords ?? [], params))} AS tier` : '';
  const counted = params.add(bound + 1);
  // Past the bound a ranked page walks its tiers, the title tier first, unless no title holds the word: proven from
  // the lexeme counts here for one word, where `lexemeProofs` did not answer it (it does not run with filters, and
  // answers only with a total it proves). `india` from 41 to 176 walked 2,000 rows for no title match (7.5 ms at
  // 100k). Not for several words: the proof's planning cost every rare search more than the few it spared saved.
  const words = filters.searchWords ?? [];
  const noTitleMatch = ranked && words.length === 1 ? noMatchProven(words, params, { inTitles: true }) : null;
  const { order, keyset } = ranked
    ? {
        order: 'p.tier DESC, p.created_at DESC, p.id DESC',
        keyset: after
          ? `(p.tier, p.created_at, p.id) < (${params.add(after.tier ?? SEARCH_TIERS[0])}::int, ${params.add(after.createdAt)}::timestamptz, ${params.add(after.id)}::uuid)`
          : null,
      }
    : sortOrder(sort, after, params);
  const text = `WITH matches AS MATERIALIZED (
         SELECT p.id, p.created_at, p.price, p.favorite_count${ranked ? ', p.title_doc, p.label_doc' : ''}
           FROM ${from} WHERE ${where.join(' AND ')}
       ), counted AS (
         SELECT count(*)::int AS count FROM (SELECT 1 FROM matches LIMIT ${counted}) m
       ), page AS (
         SELECT p.id${ranked ? ', p.tier' : ''}
           FROM (SELECT p.*${ranked ? `, ${tier}` : ''} FROM matches p WHERE (SELECT count FROM counted) < ${counted}) p${
             keyset ? `\n          WHERE ${keyset}` : ''
           }
          ORDER BY ${order} LIMIT ${params.add(limit)}
       )
       SELECT c.count, ${PAGE_COLUMNS}${ranked ? ', page.tier' : ''}${
         noTitleMatch ? `, c.count >= ${counted} AND ${noTitleMatch} AS no_title_match` : ''
       }
         FROM counted c
         LEFT JOIN (page JOIN catalog.products p ON p.id = page.id JOIN catalog.sellers s ON s.id = p.seller_id) ON true
        ORDER BY ${ranked ? 'page.tier DESC, p.created_at DESC, p.id DESC' : order}`;
  return { text, values: params.values };
}

/**
 * The first step of a search page with many matches: the next `windowRows` rows of the sort's order after `after`
 * that pass the other filters, each row's text tested against `tier`, stopping as soon as `limit` match. Rows
 * answer `hit`, and `window_end` for the window's last row, which comes back even when it does not match (the read
 * through the index, `matchesByIndexPage`, continues after it). `windowRows` is part of the text: the plan depends
 * on it.
 */
export function searchWindowPage(
  filters: ProductFilters,
  sort: ProductSort,
  after: CursorKey | null,
  tier: TierMatch,
  limit: number,
  windowRows: number,
): Statement {
  const params = new Params();
  const query = searchTsQuery(filters.searchWords ?? [], params);
  const { from, where } = filterSql(filters, params, { search: false });
  const { order, keyset } = sortOrder(sort, after, params);
  // With filters the sort's index carries, the walk is an index-only scan testing them, and only the rows that pass
  // are read from the table for their text (`t`); otherwise the walk reads each row it passes.
  const inIndex = filtersInSortIndexes(filters);
  const walked = `SELECT p.id, p.created_at, p.price, p.favorite_count${inIndex ? '' : ', p.title_doc, p.label_doc, p.search_doc'}
                           FROM ${from} WHERE ${[...where, ...(keyset ? [keyset] : [])].join(' AND ')}
                          ORDER BY ${order} LIMIT ${windowRows}`;
  const hit = matchOf(tier, inIndex ? 't' : 'p')(query);
  // row_number() is ordered like the window so the rows stream in order (no sort): the walk stops at `limit` hits.
  const text = `SELECT ${PAGE_COLUMNS}, w.hit, w.rn = ${windowRows} AS window_end
         FROM (SELECT p.* FROM (
                 SELECT p.id, p.created_at, p.price, p.favorite_count, (${hit}) AS hit,
                        row_number() OVER (ORDER BY ${order}) AS rn
                   FROM (${walked}) p${inIndex ? '\n                   JOIN catalog.products t ON t.id = p.id' : ''}
               ) p
               WHERE p.hit OR p.rn = ${windowRows}
               ORDER BY ${order} LIMIT ${params.add(limit)}) w
         JOIN catalog.products p ON p.id = w.id JOIN catalog.sellers s ON s.id = p.seller_id
        ORDER BY ${order}`;
  return { text, values: params.values };
}

/**
 * Up to `limit` matches of `tier` strictly after `after`, read through the GIN index and sorted: for rare words.
 * With `cap`, for a tier only a cursor says is sparse: no more than `cap` + 1 matches are read, and every row
 * answers `overflow`, whether more than `cap` matched (the page is then not the tier's first rows after `after`, and
 * is read as usual: `readMatches`).
 */
export function matchesByIndexPage(
  filters: ProductFilters,
  sort: ProductSort,
  after: CursorKey,
  tier: TierMatch,
  limit: number,
  cap?: number,
): Statement {
  return sortedPage(filters, sort, after, limit, { matchesFirst: true, tier, cap });
}

/**
 * How many active products match the filters, counting no further than `bound` + 1. A search's matches are read
 * through its GIN index (MATERIALIZED: to find the first few, the planner would rather walk the recency index,
 * through every active product for a rare word); the CTE is still read lazily, so counting stops at the bound.
 */
export function countUpTo(filters: ProductFilters, bound: number): Statement {
  const params = new Params();
  const { from, where } = filterSql(filters, params);
  const matches = `SELECT 1 FROM ${from} WHERE ${where.join(' AND ')}`;
  const limit = params.add(bound + 1);
  const proven = provenPastBound(filters, limit, params);
  const text = filters.searchWords?.length
    ? `WITH matches AS MATERIALIZED (${matches}) ${countOrProven(`(SELECT 1 FROM matches LIMIT ${limit}) c`, limit, proven)}`
    : `SELECT count(*)::int AS count FROM (${matches} LIMIT ${limit}) c`;
  return { text, values: params.values };
}
