// The web app: gzipped JavaScript per route from web/dist (the import graph of the built chunks: the entry's
// static imports are the initial load; each lazily imported page adds its own static closure), and the largest
// contentful paint of Home and of a product page in headless Chromium, checking Stripe.js stays out of them, and
// Lighthouse's mobile audit of five pages (lighthouse.mjs).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { ROOT } from './infra.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const DIST = path.join(ROOT, 'web', 'dist');

function chunkGraph() {
  const assets = path.join(DIST, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const graph = new Map();
  for (const f of files) {
    const code = readFileSync(path.join(assets, f), 'utf8');
    const statics = new Set();
    const dynamics = new Set();
    for (const m of code.matchAll(/(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g))
      statics.add(m[1]);
    for (const m of code.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) dynamics.add(m[1]);
    // Vite's preload helper lists each dynamic import's deps as "assets/X.js" strings.
    graph.set(f, {
      statics,
      dynamics,
      raw: Buffer.byteLength(code),
      gzip: gzipSync(code).length,
      stripe: /js\.stripe\.com/.test(code),
    });
  }
  return graph;
}

function closure(graph, roots) {
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f) || !graph.has(f)) return;
    seen.add(f);
    for (const d of graph.get(f).statics) visit(d);
  };
  roots.forEach(visit);
  return seen;
}

export function jsPerRoute() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  // The app's shell names the entry and what it preloads; Home (index.html) asks for the same files from a script,
  // after its first paint.
  const spa = path.join(DIST, 'spa.html');
  const shell = existsSync(spa) ? readFileSync(spa, 'utf8') : html;
  const entry = [...shell.matchAll(/<script[^>]+src="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...shell.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([\w.-]+\.js)"/g)].map(
    (m) => m[1],
  );
  const graph = chunkGraph();
  const initial = closure(graph, [...entry, ...preloads]);
  const size = (set) =>
    [...set].reduce((a, f) => ({ gzip: a.gzip + graph.get(f).gzip, raw: a.raw + graph.get(f).raw }), {
      gzip: 0,
      raw: 0,
    });
  const kb = (b) => Math.round((b / 1024) * 10) / 10;
  const pages = new Set();
  // The start's steps are dynamic imports of the entry too, but part of the initial load (the shell preloads them).
  for (const f of initial) for (const d of graph.get(f).dynamics) if (!initial.has(d)) pages.add(d);
  const routes = [
    {
      route: '(initial: entry + modulepreload)',
      files: initial.size,
      gzipKb: kb(size(initial).gzip),
      rawKb: kb(size(initial).raw),
      stripe: [...initial].some((f) => graph.get(f).stripe),
    },
  ];
  for (const page of [...pages].sort()) {
    const all = closure(graph, [...initial, page]);
    const own = new Set([...all].filter((f) => !initial.has(f)));
    routes.push({
      route: page.replace(/-[\w-]{8}\.js$/, ''),
      files: all.size,
      gzipKb: kb(size(all).gzip),
      rawKb: kb(size(all).raw),
      ownGzipKb: kb(size(own).gzip),
      stripe: [...all].some((f) => graph.get(f).stripe),
    });
  }
  // index.html holds Home prerendered (its HTML and styles), so its own size is part of what Home's first visit costs.
  const homeHtmlKb = kb(gzipSync(html).length);
  return {
    initialKb: routes[0].gzipKb,
    homeHtmlKb,
    routes,
    stripeChunks: [...graph].filter(([, v]) => v.stripe).map(([f]) => f),
  };
}

/** LCP of one cold load of `url` in a new context; `ready` is a selector of the page's main content. */
async function lcp(browser, url, page, ready) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const tab = await context.newPage();
  const requests = [];
  tab.on('request', (r) => requests.push(r.url()));
  await tab.addInitScript(() => {
    window.__lcp = null;
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      window.__lcp = {
        t: last.startTime,
        el: last.element
          ? `${last.element.tagName.toLowerCase()}${last.element.className && typeof last.element.className === 'string' ? '.' + last.element.className.split(' ')[0] : ''}`
          : null,
        size: last.size,
      };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const t0 = Date.now();
  await tab.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
  // "networkidle" (no request for 500 ms) can come before the first paint: the entry script runs for longer than
  // that before it asks for the page's lazy chunk. So wait for the page's own content, then until no larger paint
  // has been reported for a second (LCP entries only grow).
  await tab.locator(ready).first().waitFor({ timeout: 30_000 });
  let v = null;
  for (let quiet = 0; quiet < 1_000 && Date.now() - t0 < 30_000;) {
    await tab.waitForTimeout(250);
    const next = await tab.evaluate(() => window.__lcp);
    quiet = next && v && next.t === v.t ? quiet + 250 : 0;
    v = next;
  }
  const nav = await tab.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return n ? { domContentLoaded: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd) } : null;
  });
  await context.close();
  return {
    page,
    url,
    lcpMs: v ? Math.round(v.t) : null,
    element: v?.el ?? null,
    navigation: nav,
    wallMs: Date.now() - t0,
    jsRequests: requests.filter((u) => u.endsWith('.js')).length,
    stripeRequested: requests.some((u) => /stripe\.com|stripe\.network/.test(u)),
  };
}

export async function webReport({ base, productId }) {
  const out = {};
  try {
    Object.assign(out, jsPerRoute());
  } catch (e) {
    out.error = `JS per route: ${e.message}`;
  }
  if (!existsSync(CHROMIUM_PATH)) {
    out.error = `no ${CHROMIUM_PATH}: LCP not measured`;
    return out;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  try {
    out.lcp = [];
    // Home is loaded once its product cards show, a product page once its title does.
    for (const [page, url, ready] of [
      ['Home', `${base}/`, 'main article'],
      ['Product', `${base}/product/${productId}`, 'main h1'],
    ]) {
      await lcp(browser, url, page, ready); // warm the server side (first render of the route)
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await lcp(browser, url, page, ready));
      const sorted = runs.filter((r) => r.lcpMs !== null).sort((a, b) => a.lcpMs - b.lcpMs);
      const median = sorted[Math.floor(sorted.length / 2)] ?? runs[0];
      out.lcp.push({
        ...median,
        runsMs: runs.map((r) => r.lcpMs),
        stripeRequested: runs.some((r) => r.stripeRequested),
      });
      console.log(
        `   LCP ${page}: ${median.lcpMs} ms (runs ${runs.map((r) => r.lcpMs).join(', ')}; element ${median.element}); Stripe.js requested: ${runs.some((r) => r.stripeRequested)}`,
      );
    }
  } catch (e) {
    out.error = `LCP: ${e.message}`;
  } finally {
    await browser.close();
  }
  // Lighthouse (mobile, median of three) on five pages: performance, CLS, TBT and accessibility.
  try {
    const { lighthouseReport } = await import('./lighthouse.mjs');
    out.lighthouse = await lighthouseReport({ base, productId });
  } catch (e) {
    out.lighthouseError = `Lighthouse: ${e.message}`;
    console.error(`   ${out.lighthouseError}`);
  }
  if (out.homeHtmlKb !== undefined)
    console.log(`   index.html (Home prerendered, HTML and styles) ${out.homeHtmlKb.toFixed(1)} kB gzipped`);
  for (const r of out.routes ?? [])
    console.log(
      `   ${r.route.padEnd(34)} ${String(r.files).padStart(3)} files ${r.gzipKb.toFixed(1).padStart(7)} kB gzipped (${r.rawKb} kB raw)${r.stripe ? '  includes Stripe loader' : ''}`,
    );
  return out;
}
