// `npm run bench`: seeds a fresh database, starts the whole product against it and measures it.
// Reading the output and the targets: bench/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { readOptions } from './lib/options.mjs';
import {
  ensureBuilt,
  testing,
  freeOffset,
  processLog,
  availableServices,
  startProduct,
  gatewayNatsOptions,
  shipsFromCountry,
  ROOT,
  writeProfiles,
} from './lib/infra.mjs';
import { seed, seedPlan, loginUserNumbers, username, BENCH_PASSWORD } from './lib/seed.mjs';
import { load, call, login } from './lib/http.mjs';
import { CONTENTS_FILTER, directRoutes, explainRoute, loadDirect, directPool } from './lib/direct.mjs';
import { natsBaseline, rpcLoad } from './lib/nats.mjs';
import { fmt } from './lib/stats.mjs';
import { machineGauge } from './lib/gauge.mjs';
import { sampleProcesses } from './lib/procstat.mjs';
import { writeMarkdown } from './lib/report.mjs';

const opts = readOptions();
const report = {
  startedAt: new Date().toISOString(),
  machine: {
    loadAvgAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    gaugeMsAtStart: machineGauge(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  options: { ...opts, parts: [...opts.parts] },
  targets: {
    readP95Ms: opts.products >= 1_000_000 ? 100 : 50,
    overheadP50Ms: 3,
    mixedP95Ms: 100,
    mixedP99Ms: 250,
    pollingClients: 2000,
    webInitialKb: 200,
    lcpHomeMs: 1500,
  },
};
const log = processLog({ echo: true });
let infra;
let stack;
let pool;
const resultsDir = path.join(ROOT, 'bench', 'results');

async function main() {
  await ensureBuilt();
  const { startTestInfra, freePort } = testing();
  console.log(
    `bench: machine gauge ${report.machine.gaugeMsAtStart} ms (fixed JSON and hashing work; lower is faster)`,
  );
  console.log(
    `bench: starting fresh infrastructure (database, ${opts.natsCluster ? 'a three-node NATS cluster' : 'NATS'}, Redis)`,
  );
  // NATS with the product's users and permissions, as npm start runs it.
  infra = await startTestInfra({ natsUsers: true, natsCluster: opts.natsCluster });
  const port = await freePort();
  const metricsPort = await freePort();
  const portOffset = await freeOffset();
  // The saved-search part alone needs only the listing-to-bell path: fewer processes, fewer Postgres connections (the
  // machine's Postgres is shared, at 100 connections, and each service holds a pool of up to 10).
  const alertsOnly = opts.parts.size === 1 && opts.parts.has('alerts');
  const ALERTS_PATH = ['identity', 'catalog', 'moderation', 'alerts', 'notifications'];
  let services = availableServices().filter((s) => !alertsOnly || ALERTS_PATH.includes(s.name));
  console.log(
    `bench: starting ${services.map((s) => s.name).join(', ')} + gateway on :${port} (migrations run at start-up)`,
  );
  try {
    stack = await startProduct({
      infra,
      port,
      metricsPort,
      portOffset,
      logLevel: opts.logLevel,
      services,
      log,
      profileDir: opts.profile,
    });
  } catch (error) {
    if (!services.some((s) => s.name === 'payments')) throw error;
    console.warn(`bench: the stack did not start with payments (${error.message}); again without it`);
    report.paymentsSkipped = `payments did not start: ${error.message}`;
    services = services.filter((s) => s.name !== 'payments');
    stack = await startProduct({
      infra,
      port,
      metricsPort,
      portOffset,
      logLevel: opts.logLevel,
      services,
      log,
      profileDir: opts.profile,
    });
  }
  report.services = services.map((s) => s.name);
  const base = stack.url;

  // ---- seed ---------------------------------------------------------------------------------------
  const plan = seedPlan(opts.products);
  console.log(
    `bench: seeding ${plan.products.toLocaleString('en')} products, ${plan.users.toLocaleString('en')} users`,
  );
  const client = new pg.Client({ connectionString: infra.database.url });
  await client.connect();
  report.seed = { plan, ...(await seed(client, plan, { imageBase: base, skipMissing: alertsOnly })) };
  await client.end();
  console.log(`bench: seeded in ${report.seed.seconds.toFixed(1)} s: ${JSON.stringify(report.seed)}`);

  // ---- context: who signs in, what is benched ------------------------------------------------------
  pool = directPool(infra.database.url, opts.connections + 2);
  const sessions = [];
  for (const g of loginUserNumbers(plan)) sessions.push({ g, ...(await login(base, username(g), BENCH_PASSWORD)) });
  const seller = sessions[0]; // a seller with many conversations
  const buyer = sessions.find((s) => s.g > plan.sellers);
  const ctx = alertsOnly ? { routes: {}, direct: {} } : await benchContext(base, plan, seller, buyer);
  report.context = { ...ctx, cookies: undefined, sessions: sessions.length };
  const { routes } = ctx;

  // ---- per-route: gateway vs direct SQL, EXPLAIN ----------------------------------------------------
  report.routes = [];
  report.explain = [];
  const direct = alertsOnly ? {} : directRoutes(ctx.direct);
  const wanted = [
    ...(opts.parts.has('catalog') ? ['browse', 'filter', 'search', 'deepCursor', 'contents', 'documented'] : []),
    ...(opts.parts.has('signed-in')
      ? [
          'detail',
          'favourites',
          'favourites60',
          'conversations',
          'conversationsAll',
          'thread',
          'conversations304',
          'thread304',
          ...(routes.offers ? ['offers'] : []),
          ...(routes.payment ? ['payment'] : []),
        ]
      : []),
  ].filter((name) => !opts.routes.length || opts.routes.includes(name));
  for (const name of wanted) {
    const r = routes[name];
    process.stdout.write(`bench: ${name.padEnd(13)} ${r.method ?? 'GET'} ${r.path.slice(0, 90)}\n`);
    const target = {
      url: base + r.path,
      method: r.method,
      body: r.body,
      notModifiedOk: !!r.revalidate,
      headers: {
        ...(r.cookie ? { cookie: r.cookie } : {}),
        ...(r.body ? { 'content-type': 'application/json', origin: base } : {}),
        ...(r.revalidate ? await r.revalidate() : {}),
      },
    };
    await load({ ...target, connections: opts.connections, duration: 1 }); // warm-up: JIT, pools, plan caches
    const sampler = sampleProcesses(stackProcesses());
    const gateway = await load({ ...target, connections: opts.connections, duration: opts.duration });
    gateway.cpuMsPerRequest = cpuMsPerRequest(sampler.stop(), gateway.rps);
    const gateway1 = await load({ ...target, connections: 1, duration: Math.min(3, opts.duration) });
    const row = { route: name, path: r.path, gateway, gateway1 };
    if (direct[name]) {
      const ex = await explainRoute(pool, name, direct[name]);
      report.explain.push(ex);
      row.seqScanOnProducts = ex.seqScanOnProducts;
      await loadDirect(pool, direct[name], { concurrency: opts.connections, seconds: 0.5 });
      row.direct = await loadDirect(pool, direct[name], {
        concurrency: opts.connections,
        seconds: Math.min(5, opts.duration),
      });
      row.direct1 = await loadDirect(pool, direct[name], { concurrency: 1, seconds: Math.min(3, opts.duration) });
      if (r.rpc)
        row.service1 = await rpcLoad(gatewayNatsOptions(infra), r.rpc[0], r.rpc[1], {
          concurrency: 1,
          seconds: Math.min(3, opts.duration),
        });
      row.ratioP50 = ratio(gateway.p50, row.direct.p50);
      row.overheadP50Ms = round2(gateway1.p50 - row.direct1.p50);
    }
    row.meetsTarget = r.write
      ? null
      : gateway.p95 !== null && gateway.p95 < report.targets.readP95Ms && gateway.errors === 0 && gateway.non2xx === 0;
    report.routes.push(row);
    console.log(
      `   gateway c=${opts.connections}: p50 ${fmt(gateway.p50)} p95 ${fmt(gateway.p95)} p99 ${fmt(gateway.p99)} ms, ${fmt(gateway.rps, 0)} req/s, errors ${gateway.errors}, non-2xx ${gateway.non2xx}` +
        (r.revalidate ? `, 304: ${gateway.statuses[304] ?? 0} of ${gateway.requests}` : '') +
        `\n   CPU ms per request at c=${opts.connections}: ${Object.entries(gateway.cpuMsPerRequest)
          .map(([p, ms]) => `${p} ${fmt(ms, 2)}`)
          .join(', ')}` +
        (row.direct
          ? ` | direct SQL p50 ${fmt(row.direct.p50)} p95 ${fmt(row.direct.p95)} ms | c=1: gateway ${fmt(gateway1.p50, 2)}${row.service1 ? ` / service over NATS ${fmt(row.service1.p50, 2)}` : ''} / SQL ${fmt(row.direct1.p50, 2)} ms → overhead ${fmt(row.overheadP50Ms, 2)} ms`
          : ''),
    );
  }
  for (const ex of report.explain) {
    console.log(
      `bench: EXPLAIN ${ex.route}${ex.seqScanOnProducts ? '  ✗ SEQ SCAN ON catalog.products' : '  ✓ no Seq Scan on catalog.products'}`,
    );
    for (const st of ex.statements) {
      console.log(
        `   ${st.sql.slice(0, 110)}…${st.executionMs !== undefined ? ` [${fmt(st.executionMs, 2)} ms]` : ''}`,
      );
      for (const n of st.nodes) console.log(`     ${n.text}`);
    }
  }

  if (opts.parts.has('catalog') && (!opts.routes.length || opts.routes.includes('coldSearch'))) {
    // Distinct, never-repeated searches: no answer comes from catalog's caches (bench/lib/cold-search.mjs).
    const { coldSearches } = await import('./lib/cold-search.mjs');
    console.log(
      `bench: cold searches, every one new (${opts.duration} s at ${opts.connections} connections, then ${Math.min(5, opts.duration)} s at 1)`,
    );
    const seen = new Set();
    const loaded = await coldSearches({ base, connections: opts.connections, seconds: opts.duration, seen });
    const alone = await coldSearches({ base, connections: 1, seconds: Math.min(5, opts.duration), seen });
    report.coldSearch = {
      loaded,
      alone,
      meetsTarget:
        loaded.overall.p95 !== null &&
        loaded.overall.p95 < report.targets.readP95Ms &&
        loaded.errors === 0 &&
        loaded.non2xx === 0,
    };
    for (const [label, r] of [
      [`c=${opts.connections}`, loaded],
      ['c=1', alone],
    ]) {
      console.log(
        `   ${label}: ${r.distinctQueries} distinct queries, ${fmt(r.rps, 0)} req/s, p50 ${fmt(r.overall.p50)} p95 ${fmt(r.overall.p95)} p99 ${fmt(r.overall.p99)} max ${fmt(r.overall.max)} ms, ` +
          `errors ${r.errors}, non-2xx ${r.non2xx}; "1,000+" ${r.lowerBound}, suggestions ${r.suggestions}, empty ${r.empty}`,
      );
      console.log(
        `     p95 by kind: ${Object.entries(r.byKind)
          .map(([k, p]) => `${k} ${fmt(p.p95)} (${p.samples})`)
          .join(', ')}`,
      );
      for (const e of r.examples) console.log(`     ${e}`);
      console.log(
        `     slowest: ${r.slowest.map((q) => `${q.ms} ms ${q.path.replace('/api/products?', '')}`).join(' · ')}`,
      );
    }
  }

  if (opts.parts.has('catalog')) {
    console.log('bench: NATS request/reply with an empty handler');
    // On a bare server of its own: the transport's floor, with a subject no product user is granted.
    const bare = await testing().startNatsServer();
    try {
      report.nats = await natsBaseline(`nats://127.0.0.1:${bare.port}`, {
        seconds: Math.min(3, opts.duration),
        concurrency: opts.connections,
      });
    } finally {
      await bare.destroy();
    }
    console.log(
      `   sequential p50 ${fmt(report.nats.sequential.p50, 3)} p99 ${fmt(report.nats.sequential.p99, 3)} ms; c=${opts.connections}: p50 ${fmt(report.nats.concurrent.p50, 3)} ms, ${report.nats.concurrent.rps} req/s`,
    );
  }

  if (opts.parts.has('mixed')) {
    const { mixedLoad } = await import('./lib/mixed.mjs');
    // --warm-up seconds at the same rate first, not counted: JIT, pools, plan caches, totals and first pages warm,
    // as in a running product.
    console.log(`bench: mixed load ${opts.rate} req/s: ${opts.warmUp} s warm-up, then ${opts.mixed} s measured`);
    if (opts.warmUp) {
      const warmUp = await mixedLoad({
        base,
        ctx,
        sessions,
        seconds: opts.warmUp,
        rate: opts.rate,
        children: stackProcesses(),
      });
      console.log(
        `   warm-up: p50 ${fmt(warmUp.p50)} p95 ${fmt(warmUp.p95)} ms, errors ${warmUp.errors}, non-2xx ${warmUp.non2xx}`,
      );
    }
    report.mixed = await mixedLoad({
      base,
      ctx,
      sessions,
      seconds: opts.mixed,
      rate: opts.rate,
      children: stackProcesses(),
    });
    const m = report.mixed;
    console.log(
      `   ${m.requests} requests (${fmt(m.achievedRps, 0)}/s): p50 ${fmt(m.p50)} p95 ${fmt(m.p95)} p99 ${fmt(m.p99)} ms, errors ${m.errors}, non-2xx ${m.non2xx}`,
    );
    console.log(`   p95 per 10 s: ${m.windows.map((w) => fmt(w.p95, 0)).join(' · ')} ms`);
    for (const p of m.processes)
      console.log(
        `     ${p.process.padEnd(24)} cpu ${fmt(p.cpuPercent)} %  rss avg ${fmt(p.rssMbAvg)} MB peak ${fmt(p.rssMbPeak)} MB`,
      );
  }

  if (opts.parts.has('polling')) {
    const { pollingCapacity } = await import('./lib/polling.mjs');
    report.polling = await pollingCapacity({
      base,
      natsOptions: gatewayNatsOptions(infra),
      ctx,
      steps: opts.pollSteps,
      seconds: opts.pollSeconds,
      sendEvery: opts.pollSendEvery,
      stack,
      log,
      portOffset,
      children: stackProcesses(),
    });
  }

  if (opts.parts.has('live')) {
    const { liveCapacity } = await import('./lib/live.mjs');
    const { freePort } = testing();
    report.live = await liveCapacity({
      base,
      ctx,
      stack,
      log,
      children: stackProcesses(),
      freePort,
      streams: opts.liveStreams,
      people: opts.livePeople,
      rate: opts.liveRate,
      seconds: opts.liveSeconds,
      metricsUrls: {
        gateway: `http://127.0.0.1:${metricsPort}/metrics`,
        ...Object.fromEntries(services.map((s) => [s.name, `http://127.0.0.1:${s.healthPort + portOffset}/metrics`])),
      },
    });
  }

  if (opts.parts.has('uploads')) {
    const { uploadsCapacity } = await import('./lib/uploads.mjs');
    console.log('bench: photo uploads (a 4 MP JPEG with EXIF, through the gateway to media, closed loop)');
    report.uploads = await uploadsCapacity({
      base,
      cookie: seller.cookie,
      children: stackProcesses(),
      seconds: opts.uploadsSeconds,
      concurrencies: opts.uploadsConcurrency,
    });
  }

  if (opts.parts.has('media-attack')) {
    const { mediaAttack } = await import('./lib/media-attack.mjs');
    const { phonePhoto } = await import('./lib/uploads.mjs');
    console.log('bench: media under attack (8 decoding bombs, 100 abandoned uploads, a stored image served meanwhile)');
    report.mediaAttack = await mediaAttack({
      base,
      cookie: seller.cookie,
      children: stackProcesses(),
      photo: await phonePhoto(),
    });
  }

  if (opts.parts.has('export')) {
    const { exportBench } = await import('./lib/export.mjs');
    console.log('bench: data export of a heavy account (10,000 messages, 500 listings): POST, ready, download');
    report.export = await exportBench({
      base,
      dbUrl: infra.database.url,
      session: seller,
      children: stackProcesses(),
    });
    const e = report.export;
    console.log(
      `bench: export ready in ${e.readySeconds.toFixed(1)} s, downloaded ${(e.archiveBytes / 1e6).toFixed(1)} MB ` +
        `in ${e.totalSeconds.toFixed(1)} s; peak RSS identity ${e.identityRssMbPeak} MB, media ${e.mediaRssMbPeak} MB`,
    );
  }

  if (opts.parts.has('alerts')) {
    const { alertsBench } = await import('./lib/alerts.mjs');
    console.log(
      `bench: saved searches (${opts.alertsSearches.toLocaleString('en')} of ${opts.alertsPeople.toLocaleString('en')} people), ` +
        `listings through the gateway at ${opts.alertsRate}/s for ${opts.alertsSeconds} s`,
    );
    const alerts = stack.children.find((c) => c.name === 'alerts');
    if (!alerts) throw new Error('alerts is not running');
    report.alerts = await alertsBench({
      base,
      dbUrl: infra.database.url,
      subscriber: buyer,
      sellers: sessions.filter((s) => s.g <= plan.sellers).slice(0, 4),
      alerts,
      metricsUrls: {
        gateway: `http://127.0.0.1:${metricsPort}/metrics`,
        ...Object.fromEntries(services.map((s) => [s.name, `http://127.0.0.1:${s.healthPort + portOffset}/metrics`])),
      },
      searches: opts.alertsSearches,
      people: opts.alertsPeople,
      rate: opts.alertsRate,
      seconds: opts.alertsSeconds,
    });
    const a = report.alerts;
    console.log(
      `   ${a.listings} listings (${a.achievedRate}/s), ${a.failures} failed, ${a.lost} alerts lost; matches per listing p50 ${fmt(a.matchesPerListing.p50, 0)} p95 ${fmt(a.matchesPerListing.p95, 0)} max ${fmt(a.matchesPerListing.max, 0)}\n` +
        `   matcher (alerts' histogram, ${a.matcher.listings} listings): p50 ${fmt(a.matcher.p50)} p95 ${fmt(a.matcher.p95)} p99 ${fmt(a.matcher.p99)} mean ${fmt(a.matcher.mean)} ms\n` +
        `   listing committed → bell event in the stream: p50 ${fmt(a.endToEnd.p50)} p95 ${fmt(a.endToEnd.p95)} p99 ${fmt(a.endToEnd.p99)} max ${fmt(a.endToEnd.max)} ms` +
        ` (from the POST sent: p95 ${fmt(a.endToEndFromPost.p95)} ms)\n` +
        `   alerts RSS: before ${fmt(a.alertsRssMb.before)} MB, peak ${fmt(a.alertsRssMb.peak)} MB, after ${fmt(a.alertsRssMb.after)} MB`,
    );
    for (const st of a.stages.slice(0, 12))
      console.log(
        `     ${st.process.padEnd(14)} ${st.series.slice(0, 90).padEnd(90)} n=${st.count} mean ${st.meanMs} ms`,
      );
    for (const st of a.explain) {
      console.log(`   EXPLAIN ${st.sql}… [${fmt(st.executionMs, 2)} ms]`);
      for (const line of st.plan.filter((l) => /Scan|Join|Loop|InitPlan|Insert|rows=/.test(l)).slice(0, 14))
        console.log(`     ${line}`);
    }
  }

  if (opts.parts.has('offers')) {
    const { offerRace } = await import('./lib/offer-race.mjs');
    console.log(`bench: offers, ${opts.raceRounds} races of 20 buyers on an item with an accepted offer`);
    report.offerRace = await offerRace({
      base,
      dbUrl: infra.database.url,
      seller,
      buyers: sessions.filter((s) => s.g > plan.sellers),
      rounds: opts.raceRounds,
    });
    const r = report.offerRace;
    console.log(
      `bench: offer race: one sale in each of ${r.rounds} rounds, ${r.loserCaptures} losers charged; ` +
        `race p50 ${r.raceWallMs.p50} ms (max ${r.raceWallMs.max}), all 19 cancelled p50 ${r.allCancelledMs.p50} ms; ` +
        `checkout p95 ${r.checkoutMs.p95} ms, confirm + reconcile p95 ${r.confirmAndReconcileMs.p95} ms`,
    );
  }

  if (opts.parts.has('bundles')) {
    const { bundleRace } = await import('./lib/bundle-race.mjs');
    console.log(`bench: bundles, ${opts.raceRounds} races of 20 buyers, bundles and single checkouts sharing an item`);
    report.bundleRace = await bundleRace({
      base,
      dbUrl: infra.database.url,
      seller,
      buyers: sessions.filter((s) => s.g > plan.sellers),
      rounds: opts.raceRounds,
    });
    const r = report.bundleRace;
    console.log(
      `bench: bundle race: one sale in each of ${r.rounds} rounds (${r.bundleWon} won by a bundle), ${r.loserCaptures} losers charged; ` +
        `bundle checkout p50 ${r.bundleCheckoutMs.p50} p95 ${r.bundleCheckoutMs.p95} ms, single p95 ${r.singleCheckoutMs.p95} ms; ` +
        `confirm + reconcile p95 ${r.confirmAndReconcileMs.p95} ms; race p50 ${r.raceWallMs.p50} ms, all 19 cancelled p50 ${r.allCancelledMs.p50} ms`,
    );
  }

  if (opts.parts.has('web')) {
    const { webReport } = await import('./lib/web.mjs');
    console.log('bench: web app (JS per route, LCP in Chromium, Lighthouse mobile on five pages)');
    report.web = await webReport({ base, productId: ctx.direct.productId });
  }
}

/**
 * CPU time per request of each process (ms, summed over its threads) while a route ran: where a closed-loop load's
 * throughput goes on a machine that runs everything. `total` over the cores is the throughput bound.
 */
function cpuMsPerRequest(usage, rps) {
  const perRequest = {};
  let total = 0;
  for (const { process: name, cpuPercent } of usage) {
    if (cpuPercent === null || !rps) continue;
    const ms = (cpuPercent * 10) / rps; // % of one core → ms of CPU per second, per request
    perRequest[name.replace(/ \(.*\)$/, '')] = Math.round(ms * 100) / 100;
    total += ms;
  }
  perRequest.total = Math.round(total * 100) / 100;
  return perRequest;
}

function stackProcesses() {
  const nats = infra?.natsCluster
    ? infra.natsCluster.nodes.map((node, i) => ({ name: `nats-server-${i + 1} (bench)`, pid: node.child?.pid }))
    : [{ name: 'nats-server (bench)', pid: infra?.nats?.child?.pid }];
  const extra = [...nats, { name: 'redis-server (bench)', pid: infra?.redis?.child?.pid }].filter((p) => p.pid);
  return [...stack.children, ...extra];
}

/** The URLs benched and the ids the direct SQL needs, found in the seeded data. */
async function benchContext(base, plan, seller, buyer) {
  const db = (sql, params) => pool.query(sql, params).then((r) => r.rows);
  const filter = { country: 'Japan', minPrice: 20, maxPrice: 80 };
  const search = 'ceramic';
  // Deep cursor: follow X-Next-Cursor 50 pages (24 per page) and bench the 51st page's URL.
  let cursor = null;
  for (let i = 0; i < 50; i++) {
    const res = await call(base, `/api/products${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) throw new Error(`no X-Next-Cursor after page ${i + 1}`);
  }
  const [deep] = await db(
    `SELECT created_at AS "createdAt", id FROM catalog.products WHERE status = 'active' ORDER BY created_at DESC, id DESC OFFSET 1199 LIMIT 1`,
  );
  // A product the buyer has favourited (detail shows isFavorited: true) and one to buy from another seller.
  const [fav] = await db(
    `SELECT f.product_id AS id FROM favourites.favourites f JOIN catalog.products p ON p.id = f.product_id AND p.status = 'active'
                          WHERE f.user_id = $1 AND f.is_active LIMIT 1`,
    [buyer.me.id],
  );
  const [thread] = await db(
    `SELECT CASE WHEN from_user_id = $1 THEN to_user_id ELSE from_user_id END AS other, product_id
                               FROM messaging.messages WHERE from_user_id = $1 OR to_user_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [seller.me.id],
  );
  const [toBuy] = await db(
    `SELECT p.id, p.price::text AS price, s.location AS seller_location
       FROM catalog.products p JOIN catalog.sellers s ON s.id = p.seller_id
      WHERE p.status = 'active' AND p.seller_id <> $1 ORDER BY p.created_at DESC OFFSET 500 LIMIT 1`,
    [buyer.me.id],
  );
  // The buyer's offers (one on each of 24 items of other sellers): My offers' first page reads them.
  if (report.services.includes('payments')) {
    const offered = await db(
      `SELECT id, price::text AS price FROM catalog.products WHERE status = 'active' AND seller_id <> $1
        ORDER BY created_at DESC OFFSET 600 LIMIT 24`,
      [buyer.me.id],
    );
    for (const item of offered)
      await call(base, '/api/offers', {
        method: 'POST',
        cookie: buyer.cookie,
        expect: [201],
        body: { productId: item.id, amount: item.price },
      });
  }
  const detailCheck = await (await call(base, `/api/products/${fav.id}`, { cookie: buyer.cookie })).json();
  if (detailCheck.isFavorited !== true)
    throw new Error('detail of a favourited product did not answer isFavorited: true');
  const routes = {
    browse: { path: '/api/products', rpc: ['catalog.product.list', { query: {} }] },
    filter: {
      path: `/api/products?country=${filter.country}&minPrice=${filter.minPrice}&maxPrice=${filter.maxPrice}`,
      rpc: ['catalog.product.list', { query: filter }],
    },
    search: { path: `/api/products?search=${search}`, rpc: ['catalog.product.list', { query: { search } }] },
    deepCursor: {
      path: `/api/products?cursor=${encodeURIComponent(cursor)}`,
      rpc: ['catalog.product.list', { query: { cursor } }],
    },
    // The Contents facet and Documented origin switch, as browse sends them.
    contents: {
      path: `/api/products?contents=${CONTENTS_FILTER.join(',')}`,
      rpc: ['catalog.product.list', { query: { contents: CONTENTS_FILTER } }],
    },
    documented: {
      path: '/api/products?documentedOrigin=true',
      rpc: ['catalog.product.list', { query: { documentedOrigin: true } }],
    },
    detail: {
      path: `/api/products/${fav.id}`,
      cookie: buyer.cookie,
      rpc: ['catalog.product.get', { productId: fav.id }],
    },
    // The gateway's two calls: a page of favourites' ids, then catalog's products for them (none when there are no
    // ids). The first page as the Favorites tab loads it (24), and a page of 60 (the whole list of a bench buyer,
    // what the route answered before it was paginated).
    favourites: favouritesRoute(buyer, 24),
    favourites60: favouritesRoute(buyer, 60),
    // The first page as the Messages page loads it (24), and every conversation of the bench seller (~58, what the
    // route answered before it was paginated).
    conversations: {
      path: '/api/messages/conversations',
      cookie: seller.cookie,
      rpc: ['messaging.conversation.list', { actorId: seller.me.id, limit: 24 }],
    },
    conversationsAll: {
      path: '/api/messages/conversations?limit=100',
      cookie: seller.cookie,
      rpc: ['messaging.conversation.list', { actorId: seller.me.id, limit: 100 }],
    },
    thread: {
      path: `/api/messages/${thread.other}?productId=${thread.product_id}`,
      cookie: seller.cookie,
      rpc: ['messaging.thread.get', { actorId: seller.me.id, otherUserId: thread.other, productId: thread.product_id }],
    },
  };
  // The same two polls as an open Messages page sends them once it has the current view: If-None-Match with the
  // ETag of the latest answer (the thread is read twice first: the first read marks messages read, which changes the
  // inbox). An ETag is valid for a 60 s window, so a run that crosses its end turns into full reads: the 304 share
  // is printed with the figures.
  const etagOf = async (path, cookie) => (await call(base, path, { cookie })).headers.get('etag');
  routes.conversations304 = {
    path: routes.conversations.path,
    cookie: seller.cookie,
    revalidate: async () => ({ 'if-none-match': await etagOf(routes.conversations.path, seller.cookie) }),
  };
  routes.thread304 = {
    path: routes.thread.path,
    cookie: seller.cookie,
    revalidate: async () => {
      await etagOf(routes.thread.path, seller.cookie);
      return { 'if-none-match': await etagOf(routes.thread.path, seller.cookie) };
    },
  };
  if (report.services.includes('payments'))
    routes.offers = {
      path: '/api/offers?role=buyer',
      cookie: buyer.cookie,
      rpc: ['payments.offer.list', { actorId: buyer.me.id, role: 'buyer' }],
    };
  if (report.services.includes('payments')) {
    const body = JSON.stringify({
      productId: toBuy.id,
      amount: toBuy.price,
      guestInfo: {
        billingStreet: '1 Bench Street',
        billingCity: 'Dublin',
        billingZip: 'D01 X2Y3',
        // Delivery is domestic: an address in the seller's country.
        billingCountry: shipsFromCountry(toBuy.seller_location) ?? 'Ireland',
        sameAsDelivery: true,
      },
    });
    const res = await fetch(`${base}/api/create-payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: buyer.cookie },
      body,
    });
    if (res.ok)
      routes.payment = { path: '/api/create-payment-intent', method: 'POST', body, cookie: buyer.cookie, write: true };
    else
      report.paymentsSkipped = `POST /api/create-payment-intent answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
  }
  const counts = await Promise.all([
    call(base, routes.filter.path).then((r) => Number(r.headers.get('x-total-count'))),
    call(base, routes.search.path).then((r) => Number(r.headers.get('x-total-count'))),
    call(base, routes.conversations.path, { cookie: seller.cookie })
      .then((r) => r.json())
      .then((a) => a.length),
    call(base, '/api/favorites?limit=100', { cookie: buyer.cookie })
      .then((r) => r.json())
      .then((a) => a.length),
  ]);
  return {
    db,
    routes,
    matches: { filter: counts[0], search: counts[1], conversationsOfSeller: counts[2], favouritesOfBuyer: counts[3] },
    buyer: { id: buyer.me.id, username: buyer.me.username },
    seller: { id: seller.me.id, username: seller.me.username },
    toBuy,
    direct: {
      filter,
      search,
      deepAfter: deep,
      productId: fav.id,
      userId: buyer.me.id,
      messagingUserId: seller.me.id,
      otherUserId: thread.other,
      threadProductId: thread.product_id,
    },
  };
}

/** GET /api/favorites with a page of `limit`, and the same call straight over NATS. */
function favouritesRoute(buyer, limit) {
  return {
    path: limit === 24 ? '/api/favorites' : `/api/favorites?limit=${limit}`,
    cookie: buyer.cookie,
    rpc: ['favourites.favourite.list', { actorId: buyer.me.id, limit }],
  };
}

const round2 = (v) => Math.round(v * 100) / 100;
const ratio = (a, b) => (a && b ? Math.round((a / b) * 10) / 10 : null);

async function finish(error) {
  if (error) {
    report.error = String(error.stack ?? error);
    console.error(`bench: FAILED: ${error.stack ?? error}`);
    for (const [n, t] of log.tails) if (t.length) console.error(`--- ${n}\n${t.slice(-8).join('\n')}`);
  }
  report.finishedAt = new Date().toISOString();
  report.logTails = Object.fromEntries([...log.tails].map(([n, t]) => [n, t.slice(-10)]));
  report.machine.loadAvgAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
  report.machine.gaugeMsAtEnd = machineGauge();
  console.log(
    `bench: machine gauge ${report.machine.gaugeMsAtStart} ms at the start, ${report.machine.gaugeMsAtEnd} ms at the end (lower is faster)`,
  );
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const json = path.join(resultsDir, `bench-${opts.products}-${stamp}.json`);
  writeFileSync(json, JSON.stringify(report, null, 2));
  const md = writeMarkdown(report, resultsDir);
  console.log(`bench: report ${path.relative(ROOT, json)} and ${path.relative(ROOT, md)}`);
  await pool?.end().catch(() => undefined);
  if (stack && opts.profile) await writeProfiles(stack.children, path.resolve(opts.profile));
  if (stack) await stack.stop();
  if (opts.profile)
    console.log(`bench: CPU profiles in ${opts.profile}: node bench/profile/summarise.mjs ${opts.profile}`);
  if (infra && !opts.keep) await infra.stop().catch((e) => console.error(`bench: infra stop: ${e.message}`));
  else if (infra) console.log(`bench: kept database ${infra.database.url}`);
}

main()
  .then(
    () => finish(),
    (e) => finish(e),
  )
  .then(() => process.exit(report.error ? 1 : 0));
