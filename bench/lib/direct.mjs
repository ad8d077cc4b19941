// The SQL each route runs, reproduced from the repositories (catalog products/queries/*-statements.ts, favourites
// favourites.repository.ts, messaging messages.repository.ts), run straight against Postgres with `pg`: the floor
// the gateway + NATS + services path is compared with. Every statement is also EXPLAINed (FORMAT JSON) to assert
// it never scans catalog.products sequentially.
import pg from 'pg';
import { percentiles } from './stats.mjs';

const ISO_MICROS = `to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** PRODUCT_COLUMNS of catalog's products/queries/product-columns.ts: a product joined to its seller. */
const PRODUCT_COLUMNS = `p.id, p.title, p.description, p.price, p.original_price, p.condition, p.category, p.country, p.images,
  p.is_customs_verified, p.status, p.contents, p.origin_level, p.previous_price,
  to_char(p.price_dropped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS price_dropped_at_iso,
  to_char(p.reserved_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reserved_until_iso,
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso,
  s.id AS seller_id, s.first_name AS seller_first_name, s.last_name AS seller_last_name, s.avatar AS seller_avatar,
  s.is_verified AS seller_is_verified, s.location AS seller_location`;
const PRODUCTS_WITH_SELLERS = 'catalog.products p JOIN catalog.sellers s ON s.id = p.seller_id';

/**
 * filterSql + browsePage of catalog's products/queries for sort=recent: one statement answering the page's products
 * with their sellers and keys. A search is ranked by tier (findSearchPage): the first page is the tier-2 read (the title
 * matches every word), a walk of at most 2,000 rows of the recency order testing each (readMatches), which fills the
 * page whenever 25 titles match there (the bench's word). When the window ends first, the rest is read through the
 * GIN index (`byIndex`, EXPLAINed, not timed: the description tier of the same word), and the count stops at 1,001
 * (countUpTo; cached by catalog for 2 s, so EXPLAINed but not timed). Unfiltered pages run as named prepared
 * statements, as catalog runs them.
 */
/** The Contents facet as the bench asks it: food (8 % of the seeded products) or shell (4 %, with wood-and-shell). */
export const CONTENTS_FILTER = ['food', 'shell'];
const WINDOW_ROWS = 2000;
const COUNT_BOUND = 1000;
function pageSql({ tsQuery, country, minPrice, maxPrice, contents, documentedOrigin, after }, limit = 25) {
  const build = () => {
    const params = [];
    const add = (v) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = [`p.status = 'active'`];
    const query = tsQuery
      ? `to_tsquery('english', '''' || catalog.immutable_unaccent(${add(tsQuery)}) || ' '':*')`
      : null;
    if (country) where.push(`p.country = ${add(country)}`);
    if (minPrice !== undefined) where.push(`p.price >= ${add(minPrice)}::numeric`);
    if (maxPrice !== undefined) where.push(`p.price <= ${add(maxPrice)}::numeric`);
    if (contents?.length) where.push(`p.contents && ${add(contents)}::text[]`);
    if (documentedOrigin) where.push(`p.origin_level IS NOT NULL`);
    if (after) where.push(`(p.created_at, p.id) < (${add(after.createdAt)}::timestamptz, ${add(after.id)}::uuid)`);
    return { params, add, where, query };
  };
  const counted = build();
  if (counted.query) counted.where.push(`p.search_doc @@ ${counted.query}`);
  const matches = `SELECT 1 FROM catalog.products p WHERE ${counted.where.join(' AND ')}`;
  const countSql = tsQuery
    ? `WITH matches AS MATERIALIZED (${matches}) SELECT count(*)::int AS count FROM (SELECT 1 FROM matches LIMIT ${COUNT_BOUND + 1}) c`
    : `SELECT count(*)::int AS count FROM (${matches} LIMIT ${COUNT_BOUND + 1}) c`;
  const order = 'p.created_at DESC, p.id DESC';
  let page;
  let byIndex = null;
  if (tsQuery) {
    const { params, add, where, query } = build();
    page = {
      sql: `SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count, w.hit, w.rn = ${WINDOW_ROWS} AS window_end
              FROM (SELECT p.* FROM (
                      SELECT p.id, p.created_at, p.price, p.favorite_count, (p.title_doc @@ ${query}) AS hit, row_number() OVER (ORDER BY ${order}) AS rn
                        FROM (SELECT p.id, p.created_at, p.price, p.favorite_count, p.title_doc FROM catalog.products p
                               WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${WINDOW_ROWS}) p) p
                     WHERE p.hit OR p.rn = ${WINDOW_ROWS} ORDER BY ${order} LIMIT ${add(limit)}) w
              JOIN catalog.products p ON p.id = w.id JOIN catalog.sellers s ON s.id = p.seller_id ORDER BY ${order}`,
      params,
    };
    const b = build();
    byIndex = {
      sql: `WITH matches AS MATERIALIZED (
              SELECT p.id, p.created_at FROM catalog.products p
               WHERE ${[...b.where, `p.search_doc @@ ${b.query} AND NOT p.label_doc @@ ${b.query}`].join(' AND ')}
            ), page AS (SELECT p.id FROM matches p ORDER BY ${order} LIMIT ${b.add(limit)})
            SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count
              FROM page JOIN catalog.products p ON p.id = page.id JOIN catalog.sellers s ON s.id = p.seller_id ORDER BY ${order}`,
      params: b.params,
    };
  } else {
    const { params, add, where } = build();
    page = {
      sql: `SELECT ${PRODUCT_COLUMNS}, ${ISO_MICROS} AS key_created_at, p.favorite_count FROM ${PRODUCTS_WITH_SELLERS}
             WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${add(limit)}`,
      params,
    };
  }
  // Unfiltered pages are prepared statements in catalog too (their plan does not depend on the values).
  if (!tsQuery && !country && minPrice === undefined && maxPrice === undefined && !contents && !documentedOrigin)
    page.name = `catalog.page-recent${after ? '-after' : ''}`;
  return { page, count: { sql: countSql, params: counted.params }, tier0: byIndex };
}

/** A catalog list route: the page statement (the count comes from catalog's cache). */
function listRoute(filters) {
  const { page, count, tier0 } = pageSql(filters);
  return {
    statements: () => [page, count, ...(tier0 ? [tier0] : [])],
    async run(pool) {
      const { rows } = await query(pool, page);
      return rows.slice(0, 24).map((r) => r.id);
    },
  };
}

/** Runs a statement, as a named prepared statement when it has a name. */
function query(pool, { name, sql, params }) {
  return name ? pool.query({ name, text: sql, values: params }) : pool.query(sql, params);
}

export function directRoutes(ctx) {
  const { userId, messagingUserId, productId, otherUserId, threadProductId, deepAfter, filter, search } = ctx;
  // Statements with a `name` run as named prepared statements, as the repositories' PreparedStatements do.
  const detail = {
    name: 'catalog.product-by-id',
    sql: `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCTS_WITH_SELLERS} WHERE p.id = $1 AND p.status = ANY($2::text[])`,
    params: [productId, ['active', 'sold']],
  };
  const among = {
    name: 'favourites.active-among',
    sql: `SELECT product_id FROM favourites.favourites WHERE user_id = $1 AND product_id = ANY($2::uuid[]) AND is_active`,
    params: [userId, [productId]],
  };
  // A first page of favourites with their cards (favourites' read model): one row more than the page, to know
  // whether another follows.
  const favouritesPage = (limit) => ({
    name: 'favourites.first-page',
    sql: `SELECT f.product_id, to_char(f.favourited_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS favourited_at, c.card,
                 s.id AS seller_id, s.first_name AS seller_first_name, s.last_name AS seller_last_name, s.avatar AS seller_avatar,
                 s.is_verified AS seller_is_verified
            FROM favourites.favourites f
            LEFT JOIN favourites.product_cards c ON c.product_id = f.product_id
            LEFT JOIN favourites.sellers s ON s.id = c.seller_id
           WHERE f.user_id = $1 AND f.is_active ORDER BY f.favourited_at DESC, f.product_id DESC LIMIT $2`,
    params: [userId, limit + 1],
  });
  const favourites = favouritesPage(24);
  const favourites60 = favouritesPage(60);
  // A first page of conversations, unsearched: one row more than the page, to know whether another follows.
  const conversationsPage = (limit) => ({
    name: 'messaging.conversations',
    sql: CONVERSATIONS_SQL,
    params: [messagingUserId, null, limit + 1],
  });
  const conversations = conversationsPage(24);
  const conversationsAll = conversationsPage(100);
  const thread = {
    name: 'messaging.read-thread',
    sql: THREAD_SQL,
    params: [messagingUserId, otherUserId, threadProductId],
  };
  const list = (f) => listRoute(f);
  return {
    browse: list({}),
    filter: list({ country: filter.country, minPrice: filter.minPrice, maxPrice: filter.maxPrice }),
    search: list({ tsQuery: search }),
    deepCursor: list({ after: deepAfter }),
    // The Contents facet and the Documented origin switch, as catalog's filterSql writes them.
    contents: list({ contents: CONTENTS_FILTER }),
    documented: list({ documentedOrigin: true }),
    detail: {
      statements: () => [detail, among],
      async run(pool) {
        await query(pool, detail);
        await query(pool, among);
      },
    },
    favourites: {
      statements: () => [favourites],
      async run(pool) {
        await query(pool, favourites);
      },
    },
    favourites60: {
      statements: () => [favourites60],
      async run(pool) {
        await query(pool, favourites60);
      },
    },
    conversations: {
      statements: () => [conversations],
      async run(pool) {
        await query(pool, conversations);
      },
    },
    conversationsAll: {
      statements: () => [conversationsAll],
      async run(pool) {
        await query(pool, conversationsAll);
      },
    },
    thread: {
      statements: () => [thread],
      async run(pool) {
        await query(pool, thread);
      },
    },
  };
}

const WITH_SUMMARIES = `
  m.id, m.from_user_id, m.to_user_id, m.product_id, m.content, m.created_at, m.is_read,
  fu.first_name AS from_first_name, fu.last_name AS from_last_name, fu.avatar AS from_avatar,
  tu.first_name AS to_first_name, tu.last_name AS to_last_name, tu.avatar AS to_avatar,
  p.title AS product_title`;
const SUMMARY_JOINS = `
  LEFT JOIN messaging.users fu ON fu.id = m.from_user_id
  LEFT JOIN messaging.users tu ON tu.id = m.to_user_id
  LEFT JOIN messaging.products p ON p.id = m.product_id`;
/** The inbox version every Messages view carries (INBOX_VERSION of messages.repository.ts). */
const INBOX_VERSION = '(SELECT version FROM messaging.inboxes WHERE user_id = $1) AS inbox_version';
/** A first page of conversations (conversationPage(false) of messages.repository.ts): $2 the search or null, $3 the limit. */
const CONVERSATIONS_SQL = `SELECT ${WITH_SUMMARIES}, c.unread_count,
         to_char(c.last_message_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS last_message_at, ${INBOX_VERSION}
    FROM messaging.conversations c
    JOIN messaging.messages m ON m.id = c.last_message_id
    ${SUMMARY_JOINS}
    LEFT JOIN messaging.users ou ON ou.id = c.other_user_id
   WHERE c.user_id = $1
     AND ($2::text IS NULL
          OR strpos(lower(concat_ws(' ', ou.first_name, ou.last_name)), $2) > 0
          OR strpos(lower(p.title), $2) > 0
          OR strpos(lower(m.content), $2) > 0)
   ORDER BY c.last_message_at DESC, c.last_message_id DESC
   LIMIT $3`;
/** readThread: marks the caller's incoming messages read and answers the thread, in one statement. */
const THREAD_SQL = `WITH marked AS (
    UPDATE messaging.messages SET is_read = true
     WHERE to_user_id = $1 AND from_user_id = $2 AND ($3::uuid IS NULL OR product_id = $3::uuid) AND NOT is_read
    RETURNING id
  )
  SELECT ${WITH_SUMMARIES.replace('m.is_read,', '(m.is_read OR m.id IN (SELECT id FROM marked)) AS is_read,')},
         (SELECT count(*)::int FROM marked) AS marked, ${INBOX_VERSION}
    FROM messaging.messages m ${SUMMARY_JOINS}
   WHERE ((m.from_user_id = $1 AND m.to_user_id = $2) OR (m.from_user_id = $2 AND m.to_user_id = $1))
     AND ($3::uuid IS NULL OR m.product_id = $3::uuid) ORDER BY m.created_at ASC, m.id ASC`;

/** Flattens a JSON plan into one line per node: "Index Scan using products_recent_idx on products (rows 25)". */
export function planNodes(plan) {
  const out = [];
  const walk = (node, depth) => {
    const rel = node['Relation Name']
      ? ` on ${node['Schema'] ? `${node['Schema']}.` : ''}${node['Relation Name']}`
      : '';
    const idx = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    out.push({
      depth,
      type: node['Node Type'],
      relation: node['Relation Name'] ?? null,
      index: node['Index Name'] ?? null,
      text: `${'  '.repeat(depth)}${node['Node Type']}${idx}${rel} (rows≈${node['Plan Rows']}, actual ${node['Actual Rows'] ?? '?'}, ${node['Actual Total Time'] ?? '?'} ms)`,
    });
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan[0].Plan, 0);
  return out;
}

/** EXPLAIN (ANALYZE, FORMAT JSON) of each statement of a route; reports any Seq Scan on catalog.products. */
export async function explainRoute(pool, name, route) {
  const ids = await route.run(pool);
  const results = [];
  for (const st of route.statements(ids)) {
    if (/^\s*UPDATE/i.test(st.sql)) {
      // ANALYZE would run the update: plain EXPLAIN for writes.
      const { rows } = await pool.query(`EXPLAIN (FORMAT JSON) ${st.sql}`, st.params);
      results.push({ sql: st.sql.replace(/\s+/g, ' ').slice(0, 160), nodes: planNodes(rows[0]['QUERY PLAN']) });
      continue;
    }
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${st.sql}`, st.params);
    const plan = rows[0]['QUERY PLAN'];
    results.push({
      sql: st.sql.replace(/\s+/g, ' ').slice(0, 160),
      executionMs: plan[0]['Execution Time'],
      nodes: planNodes(plan),
    });
  }
  const seqScans = results.flatMap((r) =>
    r.nodes.filter((n) => n.type === 'Seq Scan' && n.relation === 'products' && /catalog/.test(r.sql)).map(() => r.sql),
  );
  return { route: name, statements: results, seqScanOnProducts: seqScans.length > 0 };
}

/** Closed-loop load straight against Postgres: `concurrency` workers, each running the route's statements in turn. */
export async function loadDirect(pool, route, { concurrency, seconds }) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const t = process.hrtime.bigint();
      try {
        await route.run(pool);
      } catch (e) {
        errors++;
        if (errors < 3) console.error(`  direct: ${e.message}`);
      }
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    ...percentiles(latencies),
    rps: Math.round((latencies.length / ((Date.now() - started) / 1000)) * 10) / 10,
    requests: latencies.length,
    errors,
  };
}

export function directPool(url, max) {
  return new pg.Pool({ connectionString: url, max, application_name: 'bench-direct' });
}
