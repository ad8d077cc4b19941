// Main-thread CPU of a page's first load, from a Chrome trace: the measure the Lighthouse passes of bench/README.md
// compare builds by, because a task's thread CPU time is inflated far less by a busy machine than its wall time (and
// so than Lighthouse's TBT, which multiplies the wall time of every task by its 4x CPU model).
//
//   node bench/profile/web-trace.mjs --runs 5 A=http://127.0.0.1:23101/ B=http://127.0.0.1:23102/ [--ready 'main h1']
//
// Each run is a cold load in a new context (412 x 823, unthrottled), traced from navigation until 5 s after the
// page's content (`--ready`, a selector) shows. The builds are loaded in turn, run after run. Per run: the renderer
// main thread's tasks from the first byte of the page on: CPU ms summed; "4x blocking", Σ max(0, 4 × cpu − 50 ms)
// (Lighthouse's model of a phone: its TBT counts each task's part over 50 ms after a 4x slowdown); the longest
// task's CPU ms; the same two by wall time. `--top N` prints each run's N longest tasks with what ran in them.
import os from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(opt('--runs', 5));
const ready = opt('--ready', 'main article, main h1');
const top = Number(opt('--top', 0));
const targets = args
  .filter((a) => /^\w+=https?:/.test(a))
  .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});

async function traceOnce(url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      'loading',
    ],
  });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(5_000);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const events = trace.traceEvents ?? trace;
  // The page's renderer: the main thread that parsed its HTML.
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(url.replace(/\/$/, '')),
  );
  if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`);
  const { pid, tid } = parse;
  const start = events
    .filter((e) => e.pid === pid && e.tid === tid && e.name === 'ParseHTML')
    .reduce((a, e) => Math.min(a, e.ts), Infinity);
  const tasks = events
    .filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.ts >= start - 1,
    )
    .sort((a, b) => a.ts - b.ts)
    // RunTask and ThreadControllerImpl::RunTask nest (one task, two events): the outer one only.
    .filter(function (e) {
      if (e.ts < (this.end ?? 0)) return false;
      this.end = e.ts + e.dur;
      return true;
    }, {})
    .map((e) => ({ ts: e.ts, cpu: (e.tdur ?? e.dur) / 1000, wall: e.dur / 1000 }));
  // TBT counts from the first contentful paint on.
  const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')?.ts ?? start;
  const what = (t) => {
    const end = t.ts + t.wall * 1000;
    const inside = events.filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.ts >= t.ts &&
        e.ts <= end &&
        [
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'ParseHTML',
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'MajorGC',
          'MinorGC',
          'V8.GC_MC_BACKGROUND',
          'RunMicrotasks',
          'ResourceReceivedData',
        ].includes(e.name),
    );
    const names = {};
    for (const e of inside) {
      const url = e.args?.data?.url ?? e.args?.beginData?.url ?? '';
      const key = `${e.name}${url ? ` ${url.replace(/^https?:\/\/[^/]+/, '').slice(0, 40)}` : ''}`;
      names[key] = (names[key] ?? 0) + (e.dur ?? 0) / 1000;
    }
    return Object.entries(names)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join('; ');
  };
  const sum = (f) => tasks.reduce((a, t) => a + f(t), 0);
  return {
    cpuMs: sum((t) => t.cpu),
    blocking4x: sum((t) => Math.max(0, 4 * t.cpu - 50)),
    afterFcp4x: sum((t) => (t.ts >= fcp ? Math.max(0, 4 * t.cpu - 50) : 0)),
    fcpMs: (fcp - start) / 1000,
    longestCpu: Math.max(...tasks.map((t) => t.cpu)),
    wallBlocking4x: sum((t) => Math.max(0, 4 * t.wall - 50)),
    longestWall: Math.max(...tasks.map((t) => t.wall)),
    errors,
    top: [...tasks]
      .sort((a, b) => b.cpu - a.cpu)
      .slice(0, top)
      .map(
        (t) =>
          `${t.cpu.toFixed(1)} ms cpu (${t.wall.toFixed(1)} wall) at +${((t.ts - start) / 1000).toFixed(0)} ms: ${what(t)}`,
      ),
  };
}

const results = Object.fromEntries(targets.map(([name]) => [name, []]));
const loads = [];
for (const [, url] of targets) await traceOnce(url); // warm the gateways and the OS's file cache
for (let i = 0; i < runs; i++) {
  for (const [name, url] of targets) {
    const r = await traceOnce(url);
    loads.push(os.loadavg()[0]);
    results[name].push(r);
    console.log(
      `${name} run ${i + 1}: cpu ${r.cpuMs.toFixed(0)} ms, 4x blocking ${r.blocking4x.toFixed(0)} ms (${r.afterFcp4x.toFixed(0)} after FCP at ${r.fcpMs.toFixed(0)} ms), longest ${r.longestCpu.toFixed(1)} ms cpu` +
        ` | wall: 4x blocking ${r.wallBlocking4x.toFixed(0)} ms, longest ${r.longestWall.toFixed(1)} ms  (load ${os.loadavg()[0].toFixed(1)})` +
        (r.errors.length ? `\n   console errors: ${r.errors.join(' | ')}` : '') +
        (r.top.length ? `\n   ${r.top.join('\n   ')}` : ''),
    );
  }
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nmedians of ${runs} (load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}):`);
for (const [name, rs] of Object.entries(results))
  console.log(
    `${name}: cpu ${median(rs.map((r) => r.cpuMs)).toFixed(0)} ms / 4x blocking ${median(rs.map((r) => r.blocking4x)).toFixed(0)} ms (${median(rs.map((r) => r.afterFcp4x)).toFixed(0)} after FCP) / longest ${median(rs.map((r) => r.longestCpu)).toFixed(1)} ms cpu;` +
      ` wall: 4x blocking ${median(rs.map((r) => r.wallBlocking4x)).toFixed(0)} ms / longest ${median(rs.map((r) => r.longestWall)).toFixed(1)} ms`,
  );
