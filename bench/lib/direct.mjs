// The SQL each route runs, reproduced from the repositories (catalog products.repository.ts, favourites
// favourites.repository.ts, messaging messages.repository.ts, TypeORM's find() with relations), run straight
// against Postgres with `pg`: the floor the gateway + NATS + services path is compared with. Every statement is
// also EXPLAINed (FORMAT JSON) to assert it never scans catalog.products sequentially.
import pg from 'pg';
import { percentiles } from './stats.mjs';

const ISO_MICROS = `to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const PRODUCT_COLUMNS = `p.id, p.seller_id, p.title, p.description, p.price, p.original_price, p.condition, p.category, p.country,
  p.images, p.is_customs_verified, p.status, p.favorite_count, p.created_at, p.updated_at,
  s.id AS s_id, s.username AS s_username, s.first_name AS s_first_name, s.last_name AS s_last_name, s.avatar AS s_avatar,
  s.location AS s_location, s.is_verified AS s_is_verified, s.version AS s_version, s.updated_at AS s_updated_at`;
const inList = (n, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

/** findWithSellerByIds: TypeORM find({ where: { id: In(ids), status: In(statuses) }, relations: { seller: true } }). */
function byIds(ids, statuses) {
  return {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM catalog.products p LEFT JOIN catalog.sellers s ON s.id = p.seller_id
           WHERE p.id IN (${inList(ids.length)}) AND p.status IN (${inList(statuses.length, ids.length + 1)})`,
    params: [...ids, ...statuses],
  };
}

/**
 * filterSql + findPageKeys + count of ProductsRepository for sort=recent. A search is ranked by tier
 * (findRankedPageKeys): the first page is the tier-1 query (title matches every term, newest first), which
 * fills the page whenever 25 titles match; the tier-0 query (description/category-only matches) runs only when it
 * does not, and is EXPLAINed (not timed) as `tier0`.
 */
function pageSql({ tsQuery, country, minPrice, maxPrice, after }, limit = 25) {
  const build = (match) => {
    const params = [];
    const add = (v) => { params.push(v); return `$${params.length}`; };
    const where = [`p.status = 'active'`];
    if (tsQuery) where.push(match(`to_tsquery('simple', catalog.immutable_unaccent(${add(tsQuery)}))`));
    if (country) where.push(`p.country = ${add(country)}`);
    if (minPrice !== undefined) where.push(`p.price >= ${add(minPrice)}::numeric`);
    if (maxPrice !== undefined) where.push(`p.price <= ${add(maxPrice)}::numeric`);
    return { params, add, where };
  };
  const counted = build((q) => `p.search_vector @@ ${q}`);
  const countSql = `SELECT count(*)::int AS count FROM catalog.products p WHERE ${counted.where.join(' AND ')}`;
  const keysOf = (match) => {
    const { params, add, where } = build(match);
    if (after) where.push(`(p.created_at, p.id) < (${add(after.createdAt)}::timestamptz, ${add(after.id)}::uuid)`);
    const cols = tsQuery ? `p.id, ${ISO_MICROS} AS created_at` : `p.id, ${ISO_MICROS} AS created_at, p.price::text AS price, p.favorite_count`;
    return { sql: `SELECT ${cols} FROM catalog.products p WHERE ${where.join(' AND ')} ORDER BY p.created_at DESC, p.id DESC LIMIT ${add(limit)}`, params };
  };
  const keys = tsQuery ? keysOf((q) => `p.title_vector @@ ${q}`) : keysOf((q) => `p.search_vector @@ ${q}`);
  const tier0 = tsQuery ? keysOf((q) => `p.search_vector @@ ${q} AND NOT p.title_vector @@ ${q}`) : null;
  return { keys, count: { sql: countSql, params: counted.params }, tier0 };
}

/** A catalog list route: keys and count in parallel (two pool connections, as the service does), then the page rows. */
function listRoute(filters) {
  const { keys, count, tier0 } = pageSql(filters);
  return {
    statements: (ids) => [keys, count, byIds(ids ?? [], ['active']), ...(tier0 ? [tier0] : [])],
    async run(pool) {
      const [k] = await Promise.all([pool.query(keys.sql, keys.params), pool.query(count.sql, count.params)]);
      const ids = k.rows.slice(0, 24).map((r) => r.id);
      const q = byIds(ids, ['active']);
      await pool.query(q.sql, q.params);
      return ids;
    },
  };
}

export function directRoutes(ctx) {
  const { userId, messagingUserId, productId, otherUserId, threadProductId, deepAfter, filter, search } = ctx;
  const detail = {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM catalog.products p LEFT JOIN catalog.sellers s ON s.id = p.seller_id
           WHERE p.id = $1 AND p.status IN ($2, $3) LIMIT 1`, params: [productId, 'active', 'sold'],
  };
  const among = { sql: `SELECT f.product_id FROM favourites.favourites f WHERE f.user_id = $1 AND f.is_active = true AND f.product_id IN ($2)`, params: [userId, productId] };
  const favIds = {
    sql: `SELECT f.product_id FROM favourites.favourites f WHERE f.user_id = $1 AND f.is_active = true
           ORDER BY f.favourited_at DESC, f.product_id DESC LIMIT 500`, params: [userId],
  };
  const conversations = { sql: CONVERSATIONS_SQL, params: [messagingUserId] };
  const markRead = {
    sql: `UPDATE messaging.messages SET is_read = true WHERE to_user_id = $1 AND from_user_id = $2 AND ($3::uuid IS NULL OR product_id = $3::uuid) AND NOT is_read`,
    params: [messagingUserId, otherUserId, threadProductId],
  };
  const thread = { sql: THREAD_SQL, params: [messagingUserId, otherUserId, threadProductId] };
  const list = (f) => listRoute(f);
  return {
    browse: list({}),
    filter: list({ country: filter.country, minPrice: filter.minPrice, maxPrice: filter.maxPrice }),
    search: list({ tsQuery: `${search}:*` }),
    deepCursor: list({ after: deepAfter }),
    detail: {
      statements: () => [detail, among],
      async run(pool) { await pool.query(detail.sql, detail.params); await pool.query(among.sql, among.params); },
    },
    favourites: {
      statements: (ids) => [favIds, byIds(ids ?? [productId], ['active', 'sold'])],
      async run(pool) {
        const ids = (await pool.query(favIds.sql, favIds.params)).rows.map((r) => r.product_id);
        if (ids.length) { const q = byIds(ids, ['active', 'sold']); await pool.query(q.sql, q.params); }
        return ids;
      },
    },
    conversations: { statements: () => [conversations], async run(pool) { await pool.query(conversations.sql, conversations.params); } },
    thread: {
      statements: () => [markRead, thread],
      async run(pool) {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          await c.query(markRead.sql, markRead.params);
          await c.query(thread.sql, thread.params);
          await c.query('COMMIT');
        } finally { c.release(); }
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
const CONVERSATIONS_SQL = `WITH mine AS (
    SELECT id, to_user_id AS other_user_id, product_id, created_at FROM messaging.messages WHERE from_user_id = $1
    UNION ALL
    SELECT id, from_user_id AS other_user_id, product_id, created_at FROM messaging.messages WHERE to_user_id = $1
  ), latest AS (
    SELECT DISTINCT ON (other_user_id, product_id) id, other_user_id, product_id
      FROM mine ORDER BY other_user_id, product_id, created_at DESC, id DESC
  ), unread AS (
    SELECT from_user_id AS other_user_id, product_id, count(*)::int AS unread_count
      FROM messaging.messages WHERE to_user_id = $1 AND NOT is_read GROUP BY from_user_id, product_id
  )
  SELECT ${WITH_SUMMARIES}, coalesce(u.unread_count, 0) AS unread_count
    FROM latest l
    JOIN messaging.messages m ON m.id = l.id
    LEFT JOIN unread u ON u.other_user_id = l.other_user_id AND u.product_id = l.product_id
    ${SUMMARY_JOINS}
   ORDER BY m.created_at DESC, m.id DESC`;
const THREAD_SQL = `SELECT ${WITH_SUMMARIES} FROM messaging.messages m ${SUMMARY_JOINS}
   WHERE ((m.from_user_id = $1 AND m.to_user_id = $2) OR (m.from_user_id = $2 AND m.to_user_id = $1))
     AND ($3::uuid IS NULL OR m.product_id = $3::uuid) ORDER BY m.created_at ASC, m.id ASC`;

/** Flattens a JSON plan into one line per node: "Index Scan using products_recent_idx on products (rows 25)". */
export function planNodes(plan) {
  const out = [];
  const walk = (node, depth) => {
    const rel = node['Relation Name'] ? ` on ${node['Schema'] ? `${node['Schema']}.` : ''}${node['Relation Name']}` : '';
    const idx = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    out.push({ depth, type: node['Node Type'], relation: node['Relation Name'] ?? null, index: node['Index Name'] ?? null,
      text: `${'  '.repeat(depth)}${node['Node Type']}${idx}${rel} (rows≈${node['Plan Rows']}, actual ${node['Actual Rows'] ?? '?'}, ${node['Actual Total Time'] ?? '?'} ms)` });
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
    results.push({ sql: st.sql.replace(/\s+/g, ' ').slice(0, 160), executionMs: plan[0]['Execution Time'], nodes: planNodes(plan) });
  }
  const seqScans = results.flatMap((r) => r.nodes.filter((n) => n.type === 'Seq Scan' && n.relation === 'products' && /catalog/.test(r.sql)).map(() => r.sql));
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
      try { await route.run(pool); } catch (e) { errors++; if (errors < 3) console.error(`  direct: ${e.message}`); }
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ...percentiles(latencies), rps: Math.round((latencies.length / ((Date.now() - started) / 1000)) * 10) / 10, requests: latencies.length, errors };
}

export function directPool(url, max) {
  return new pg.Pool({ connectionString: url, max, application_name: 'bench-direct' });
}
