// Lighthouse 12 on the pages a shopper visits, with its default (mobile) settings: a Moto G Power-sized screen,
// simulated slow 4G and a 4x slower CPU. Each page is audited three times and the run with the median performance
// score is reported (Lighthouse's own computeMedianRun), because one run on two shared cores swings by 10+ points.
// Debian's Chromium is driven directly (chrome-launcher comes with lighthouse), with the headless flags the
// browser tests use.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

/**
 * The Lighthouse targets; a page is judged against the ones that apply to it. Lighthouse's phone is the host slowed 4x,
 * so a slow host is a low-end phone: where the host's benchmarkIndex is at most `slowHostIndex` (about half a quiet
 * machine's ~2,700), Home and the product page are held to the low-end phone's targets instead.
 */
export const LIGHTHOUSE_TARGETS = {
  performanceHomeAndProduct: 95,
  cls: 0.05,
  tbtMs: 200,
  accessibility: 100,
  slowHostIndex: 1600,
  slowHostPerformance: 90,
  slowHostTbtMs: 300,
};

/** The performance and TBT targets for a host whose benchmarkIndex (median run's) is `index`. */
export function targetsFor(index) {
  const t = LIGHTHOUSE_TARGETS;
  return index !== null && index <= t.slowHostIndex
    ? { performance: t.slowHostPerformance, tbtMs: t.slowHostTbtMs, slowHost: true }
    : { performance: t.performanceHomeAndProduct, tbtMs: t.tbtMs, slowHost: false };
}

/** The pages audited: Home, a product page, Categories, How it works and Sell (a guest sees its sign-in prompt). */
export function lighthousePages(base, productId) {
  return [
    { page: 'Home', url: `${base}/`, performanceTarget: true },
    { page: 'Product', url: `${base}/product/${productId}`, performanceTarget: true },
    { page: 'Categories', url: `${base}/categories` },
    { page: 'How it works', url: `${base}/how-it-works` },
    { page: 'Sell', url: `${base}/sell` },
  ];
}

const round = (v, digits = 0) => (v === undefined || v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** The figures of one Lighthouse result that the targets are about, plus what Lighthouse blames for layout shifts. */
function summarise(lhr) {
  const audit = (id) => lhr.audits[id];
  const shifts = audit('layout-shifts')?.details?.items ?? [];
  return {
    performance: round(lhr.categories.performance?.score * 100),
    accessibility: round(lhr.categories.accessibility?.score * 100),
    cls: round(audit('cumulative-layout-shift')?.numericValue, 3),
    tbtMs: round(audit('total-blocking-time')?.numericValue),
    fcpMs: round(audit('first-contentful-paint')?.numericValue),
    lcpMs: round(audit('largest-contentful-paint')?.numericValue),
    speedIndexMs: round(audit('speed-index')?.numericValue),
    shiftedElements: shifts
      .slice(0, 3)
      .map((s) => ({ score: round(s.score, 3), node: s.node?.selector ?? s.node?.snippet ?? null })),
    failedAccessibilityAudits: Object.values(lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => ref.id),
    // Where the main thread's time went (Lighthouse's own breakdown, in simulated 4x-slowed ms) and its longest tasks:
    // what Total Blocking Time is made of.
    mainThreadMs: Object.fromEntries(
      (audit('mainthread-work-breakdown')?.details?.items ?? []).map((item) => [item.group, round(item.duration)]),
    ),
    longestTasks: (audit('long-tasks')?.details?.items ?? [])
      .slice(0, 3)
      .map((task) => ({ ms: round(task.duration), url: String(task.url).replace(/^https?:\/\/[^/]+/, '') })),
    lighthouseVersion: lhr.lighthouseVersion,
    // Lighthouse's own gauge of the machine while it ran (higher is faster; a 2020 mid-range desktop is ~1000-1500):
    // the simulated phone is 4x slower than what it measured, so a busy machine lowers every score.
    benchmarkIndex: round(lhr.environment?.benchmarkIndex),
  };
}

/**
 * Waits (two minutes at most) until the machine's one-minute load average is under 1: Lighthouse multiplies each
 * main-thread task's wall time by four, so the seeding and builds just before it would be measured, not the pages.
 */
async function settle(log) {
  const until = Date.now() + 120_000;
  while (os.loadavg()[0] >= 1 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5_000));
  log(`   Lighthouse starts at load ${os.loadavg()[0].toFixed(1)}`);
}

/**
 * Audits every page `runs` times (Lighthouse resets the cache and storage before each run: a first visit) and returns,
 * per page, the median run's figures and every run's performance score.
 */
export async function lighthouseReport({ base, productId, runs = 3, log = console.log }) {
  await settle(log);
  const { default: lighthouse } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const chromeLauncher = await import('chrome-launcher');
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  const pages = [];
  try {
    for (const { page, url, performanceTarget } of lighthousePages(base, productId)) {
      const lhrs = [];
      // A run that fails (NO_FCP when the machine is too busy to paint in time) is tried again, twice at most.
      for (let attempt = 0; lhrs.length < runs && attempt < runs + 2; attempt++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result?.lhr.runtimeError) lhrs.push(result.lhr);
        else log(`   Lighthouse ${page}: a run failed (${result.lhr.runtimeError.code}), trying again`);
      }
      if (lhrs.length < runs) {
        // One page that never paints (say, web/dist rebuilt under the running gateway) must not hide the others.
        pages.push({ page, url, error: `only ${lhrs.length} of ${runs} runs succeeded`, meetsTargets: false });
        log(`   Lighthouse ${page.padEnd(13)} ✗ only ${lhrs.length} of ${runs} runs succeeded`);
        continue;
      }
      const median = summarise(computeMedianRun(lhrs));
      const row = {
        page,
        url,
        ...median,
        performanceRuns: lhrs.map((l) => round(l.categories.performance.score * 100)),
        // The host's speed as each run measured it, beside its score: a score means little without it.
        benchmarkIndexRuns: lhrs.map((l) => round(l.environment?.benchmarkIndex)),
        loadAverage: round(os.loadavg()[0], 1),
      };
      const target = targetsFor(row.benchmarkIndex);
      row.target = target;
      row.meetsTargets =
        (!performanceTarget || row.performance >= target.performance) &&
        row.cls <= LIGHTHOUSE_TARGETS.cls &&
        row.tbtMs <= target.tbtMs;
      pages.push(row);
      log(
        `   Lighthouse ${page.padEnd(13)} performance ${String(row.performance).padStart(3)} (runs ${row.performanceRuns
          .map((score, i) => `${score} at benchmarkIndex ${row.benchmarkIndexRuns[i]}`)
          .join(', ')})` +
          `  CLS ${row.cls.toFixed(3)}  TBT ${String(row.tbtMs).padStart(4)} ms  LCP ${row.lcpMs} ms  accessibility ${row.accessibility}` +
          `  (machine: benchmarkIndex ${row.benchmarkIndex}, load ${os.loadavg()[0].toFixed(1)})` +
          `${row.meetsTargets ? '' : '  ✗ misses a target'}` +
          (row.tbtMs > target.tbtMs
            ? `\n     main thread ${Object.entries(row.mainThreadMs)
                .map(([group, ms]) => `${group} ${ms}`)
                .join(', ')} ms; longest tasks ${row.longestTasks.map((t) => `${t.ms} ms ${t.url}`).join(', ')}`
            : '') +
          (row.cls > LIGHTHOUSE_TARGETS.cls
            ? `\n     shifted: ${row.shiftedElements.map((s) => `${s.node} (${s.score})`).join('; ')}`
            : '') +
          (row.failedAccessibilityAudits.length
            ? `\n     accessibility audits failed: ${row.failedAccessibilityAudits.join(', ')}`
            : ''),
      );
    }
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  return {
    settings: 'Lighthouse default (mobile: simulated slow 4G, 4x CPU slowdown), median of three',
    targets: LIGHTHOUSE_TARGETS,
    pages,
  };
}
