// Lighthouse with the bench's settings (bench/lib/lighthouse.mjs: default mobile, Debian's Chromium, the browser
// tests' headless flags) on two or more builds of a page in turn, run after run, so that a change in the machine's
// load falls on every build alike.
//
//   node bench/profile/web-lighthouse-ab.mjs --runs 5 A=http://127.0.0.1:23101/ B=http://127.0.0.1:23102/
//
// Prints every run (performance, TBT, LCP, FCP, CLS, the load average) and each build's medians.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 5);
const targets = args
  .filter((a) => /^\w+=https?:/.test(a))
  .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]);

const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-ab-'));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
  userDataDir,
  logLevel: 'silent',
});
const results = Object.fromEntries(targets.map(([name]) => [name, []]));
const loads = [];
try {
  for (let i = 0; i < runs; i++) {
    for (const [name, url] of targets) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const a = (id) => lhr.audits[id]?.numericValue;
      const r = {
        performance: Math.round(lhr.categories.performance.score * 100),
        tbt: a('total-blocking-time'),
        lcp: a('largest-contentful-paint'),
        fcp: a('first-contentful-paint'),
        si: a('speed-index'),
        cls: a('cumulative-layout-shift'),
        // The host's speed as this run measured it (a quiet machine here ~2,700; a phone's score follows it).
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
        longest: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 3).map((t) => Math.round(t.duration)),
        lcpElement:
          lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '',
      };
      loads.push(os.loadavg()[0]);
      results[name].push(r);
      console.log(
        `${name} run ${i + 1}: ${r.performance}  TBT ${Math.round(r.tbt)}  LCP ${Math.round(r.lcp)}  FCP ${Math.round(r.fcp)}  SI ${Math.round(r.si)}  CLS ${r.cls.toFixed(3)}` +
          `  longest tasks ${r.longest.join(', ')}  LCP element ${r.lcpElement}  (benchmarkIndex ${r.benchmarkIndex}, load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
  }
} finally {
  await chrome.kill();
  rmSync(userDataDir, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nmedians of ${runs} (load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}):`);
for (const [name, rs] of Object.entries(results))
  console.log(
    `${name}: performance ${median(rs.map((r) => r.performance))} (${rs.map((r) => r.performance).join(', ')})  TBT ${Math.round(median(rs.map((r) => r.tbt)))}` +
      `  LCP ${Math.round(median(rs.map((r) => r.lcp)))}  FCP ${Math.round(median(rs.map((r) => r.fcp)))}  CLS ${median(rs.map((r) => r.cls)).toFixed(3)}` +
      `  benchmarkIndex ${median(rs.map((r) => r.benchmarkIndex))} (${Math.min(...rs.map((r) => r.benchmarkIndex))}–${Math.max(...rs.map((r) => r.benchmarkIndex))})`,
  );
