#!/usr/bin/env node
// Summarises the .cpuprofile files of a `--profile` run: per process, the functions with the most self time
// (share of the non-idle samples), the packages they belong to and, with TOTAL, the functions with the most time
// including their callees. `node bench/profile/summarise.mjs DIR [TOP] [TOTAL]`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const top = Number(process.argv[3] ?? 15);
/** How many functions to list by total time (0: none). */
const total = Number(process.argv[4] ?? 0);
if (!dir) {
  console.error('usage: node bench/profile/summarise.mjs DIR [TOP] [TOTAL]');
  process.exit(64);
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** node_modules/<pkg> (or the workspace folder) a script URL belongs to. */
function owner(url) {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  const ws = /\/(libs|services|gateway)\/([^/]*)/.exec(url);
  return ws ? `${ws[1]}/${ws[2]}`.replace(/\/(src|dist)$/, '') : path.basename(url);
}

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfCount = new Map();
  for (const id of profile.samples) selfCount.set(id, (selfCount.get(id) ?? 0) + 1);
  let busy = 0;
  let gc = 0;
  const byFunction = new Map();
  const byOwner = new Map();
  for (const [id, count] of selfCount) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(garbage collector)') gc += count;
    if (IDLE.has(callFrame.functionName)) continue;
    busy += count;
    const fn = `${callFrame.functionName || '(anonymous)'} ${path.basename(callFrame.url || '')}:${callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + count);
    const o = owner(callFrame.url);
    byOwner.set(o, (byOwner.get(o) ?? 0) + count);
  }
  // Total (inclusive) time: a sample counts once for every distinct function on its stack.
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const label = ({ callFrame: f }) =>
    `${f.functionName || '(anonymous)'} ${path.basename(f.url || '')}:${f.lineNumber + 1}`;
  const byFunctionTotal = new Map();
  for (const [id, count] of selfCount) {
    if (IDLE.has(byId.get(id).callFrame.functionName)) continue;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) seen.add(label(byId.get(at)));
    for (const fn of seen) byFunctionTotal.set(fn, (byFunctionTotal.get(fn) ?? 0) + count);
  }
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  const pct = (n) => `${((n / busy) * 100).toFixed(1).padStart(5)} %`;
  console.log(`\n${file}: ${profile.samples.length} samples over ${seconds.toFixed(1)} s, ${busy} busy, GC ${gc}`);
  console.log('  by package:');
  for (const [o, n] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`    ${pct(n)}  ${o}`);
  console.log('  by function (self):');
  for (const [f, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(n)}  ${f}`);
  if (!total) continue;
  console.log('  by function (total: itself and what it calls):');
  for (const [f, n] of [...byFunctionTotal].sort((a, b) => b[1] - a[1]).slice(0, total))
    console.log(`    ${pct(n)}  ${f}`);
}
