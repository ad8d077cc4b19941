// Open-loop mixed load at a fixed arrival rate (requests start on schedule whether or not earlier ones answered,
// so a slow server shows up as latency, not as a lower rate): browse and search 70 %, product detail 15 %,
// favourite add/remove 8 %, messages 5 %, checkout 2 % (when payments runs; otherwise its share goes to browse).
import { percentiles } from './stats.mjs';
import { sampleProcesses } from './procstat.mjs';
import { openLoopClient } from './http.mjs';
import { shipsFromCountry } from './infra.mjs';

const WORDS = [
  'ceramic',
  'silver',
  'vintage',
  'scarf',
  'bowl',
  'kyoto',
  'silk',
  'lantern',
  'handmade',
  'wooden box',
  'glass vase',
  'porto',
];
const COUNTRIES = ['Japan', 'France', 'Italy', 'Morocco', 'Peru', 'Mexico', 'Greece', 'Vietnam'];
const SORTS = ['recent', 'recent', 'recent', 'price_asc', 'price_desc', 'popular'];
const rnd = (a) => a[Math.floor(Math.random() * a.length)];

export async function mixedLoad({ base, ctx, sessions, seconds, rate, children }) {
  const db = ctx.db;
  const products = await db(
    `SELECT p.id, p.seller_id, p.price::text AS price, s.location AS seller_location
       FROM catalog.products p JOIN catalog.sellers s ON s.id = p.seller_id
      WHERE p.status = 'active' ORDER BY random() LIMIT 3000`,
  );
  for (const product of products) product.shipsFrom = shipsFromCountry(product.seller_location);
  const checkout = Boolean(ctx.routes.payment);
  const kinds = [
    ['browse', 35 + (checkout ? 0 : 2)],
    ['search', 35],
    ['detail', 15],
    ['favourite', 8],
    ['messages', 5],
    ...(checkout ? [['checkout', 2]] : []),
  ];
  const pickKind = () => {
    let r = Math.random() * 100;
    for (const [k, w] of kinds) {
      if ((r -= w) < 0) return k;
    }
    return 'browse';
  };
  const client = await openLoopClient(base);
  const request = (kind) => {
    const s = rnd(sessions);
    const p = rnd(products);
    switch (kind) {
      case 'browse': {
        const q = new URLSearchParams({ sort: rnd(SORTS) });
        if (Math.random() < 0.4) q.set('country', rnd(COUNTRIES));
        if (Math.random() < 0.2) {
          q.set('minPrice', '10');
          q.set('maxPrice', '100');
        }
        return { path: `/api/products?${q}`, cookie: Math.random() < 0.5 ? s.cookie : undefined };
      }
      case 'search':
        return {
          path: `/api/products?search=${encodeURIComponent(rnd(WORDS))}`,
          cookie: Math.random() < 0.5 ? s.cookie : undefined,
        };
      case 'detail':
        return { path: `/api/products/${p.id}`, cookie: Math.random() < 0.5 ? s.cookie : undefined };
      case 'favourite':
        return Math.random() < 0.6
          ? { path: '/api/favorites', method: 'POST', body: { productId: p.id }, cookie: s.cookie }
          : { path: `/api/favorites/${p.id}`, method: 'DELETE', cookie: s.cookie };
      case 'messages': {
        const r = Math.random();
        if (r < 0.6) return { path: '/api/messages/conversations', cookie: s.cookie };
        if (r < 0.8 || p.seller_id === s.me.id)
          return { path: ctx.routes.thread.path, cookie: ctx.routes.thread.cookie };
        return {
          path: '/api/messages',
          method: 'POST',
          body: { toUserId: p.seller_id, productId: p.id, content: 'Is this still available? (bench)' },
          cookie: s.cookie,
        };
      }
      case 'checkout': {
        const buyer = p.seller_id === s.me.id ? sessions.find((x) => x.me.id !== p.seller_id) : s;
        return {
          path: '/api/create-payment-intent',
          method: 'POST',
          cookie: buyer.cookie,
          body: {
            productId: p.id,
            amount: p.price,
            guestInfo: {
              billingStreet: '1 Bench Street',
              billingCity: 'Dublin',
              billingZip: 'D01 X2Y3',
              // Delivery is domestic: an address in the seller's country, as a buyer who can order it has.
              ...(p.shipsFrom ? { billingCountry: p.shipsFrom } : {}),
              sameAsDelivery: true,
            },
          },
        };
      }
    }
  };
  const byKind = new Map(kinds.map(([k]) => [k, { latencies: [], non2xx: 0, errors: 0, statuses: {} }]));
  const all = [];
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const firstErrors = [];
  // Requests not answered yet, for the drain below: a request the server never answers must show up in the
  // report (path and age), not hang the bench.
  const outstanding = new Map();
  let nextId = 0;
  const byWindow = [];
  const fire = async (kind) => {
    const dueAt = performance.now();
    const r = request(kind);
    const t = process.hrtime.bigint();
    const id = nextId++;
    outstanding.set(id, { path: `${r.method ?? 'GET'} ${r.path.slice(0, 100)}`, startedAt: Date.now() });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const k = byKind.get(kind);
    try {
      const res = await client.send(r);
      const text = res.text;
      k.statuses[res.status] = (k.statuses[res.status] ?? 0) + 1;
      if (res.status >= 300) {
        non2xx++;
        k.non2xx++;
        if (firstErrors.length < 8)
          firstErrors.push(`${r.method ?? 'GET'} ${r.path.slice(0, 80)} → ${res.status} ${text.slice(0, 120)}`);
      }
    } catch (e) {
      errors++;
      k.errors++;
      if (firstErrors.length < 8)
        firstErrors.push(`${r.method ?? 'GET'} ${r.path.slice(0, 80)} → ${e.name}: ${e.message}`);
    } finally {
      inFlight--;
      outstanding.delete(id);
    }
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    k.latencies.push(ms);
    all.push(ms);
    // By the 10 s window in which the request was due: shows whether a tail is one stall or spread over the run.
    const window = Math.floor((dueAt - started) / 10_000);
    (byWindow[window] ??= []).push(ms);
  };
  const sampler = sampleProcesses(children);
  const started = performance.now();
  const pending = new Set();
  let sent = 0;
  // A line every 10 s, so a stalled run shows where it stands.
  const progress = setInterval(
    () =>
      console.log(
        `   mixed: ${Math.round((performance.now() - started) / 1000)} s, ${sent} sent, ${all.length} answered, ${inFlight} in flight`,
      ),
    10_000,
  );
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= seconds) {
        clearInterval(tick);
        clearInterval(progress);
        resolve();
        return;
      }
      const due = Math.floor(elapsed * rate);
      while (sent < due) {
        sent++;
        const p = fire(pickKind());
        pending.add(p);
        p.finally(() => pending.delete(p));
      }
    }, 2);
  });
  const unanswered = await drain(pending, outstanding, 15_000);
  await client.close().catch(() => undefined);
  errors += unanswered.length;
  const processes = sampler.stop();
  const total = percentiles(all);
  const duration = (performance.now() - started) / 1000;
  return {
    seconds,
    targetRps: rate,
    achievedRps: Math.round((all.length / seconds) * 10) / 10,
    duration: Math.round(duration * 10) / 10,
    requests: all.length,
    errors,
    non2xx,
    maxInFlight,
    ...total,
    firstErrors,
    unanswered,
    meetsTarget: errors === 0 && non2xx === 0 && total.p95 < 100 && total.p99 < 250,
    windows: Array.from(byWindow, (latencies, i) => ({ fromSecond: i * 10, ...percentiles(latencies ?? []) })),
    kinds: kinds.map(([kind, share]) => {
      const k = byKind.get(kind);
      return {
        kind,
        share,
        requests: k.latencies.length,
        ...percentiles(k.latencies),
        non2xx: k.non2xx,
        errors: k.errors,
        statuses: k.statuses,
      };
    }),
    processes,
  };
}

/**
 * Waits for the requests still in flight, at most `ms` (each has its own 10 s abort, so this only trips when a
 * response never settles); returns the ones left, which count as errors.
 */
async function drain(pending, outstanding, ms) {
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.all(pending), timedOut]);
  clearTimeout(timer);
  const now = Date.now();
  const left = [...outstanding.values()].map((o) => ({ path: o.path, ageMs: now - o.startedAt }));
  if (left.length)
    console.warn(
      `   mixed: ${left.length} request(s) never settled, e.g. ${left
        .slice(0, 3)
        .map((o) => `${o.path} (${o.ageMs} ms)`)
        .join('; ')}`,
    );
  return left;
}
