// The set-up that `npm start` and `npm test` both do first, so that each works as the first command on a fresh
// clone: install the dependencies (the project's own Node 24 among them), carry on under that Node, and make sure
// Postgres, Redis, NATS (and, for the tests, Chromium) are here and running.
// Written for any Node >= 20: it runs before the project's Node 24 is installed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { infraIsUp } from './infra.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NODE24 = path.join(ROOT, 'node_modules', '.bin', 'node');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });

/** Runs `npm install` when node_modules (or the Node 24 it brings) is missing. */
export function ensureDependencies() {
  if (existsSync(NODE24) && existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) return;
  console.log('Installing dependencies (first run) ...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/**
 * On any Node but 24, runs the calling script again on the project's Node 24 and exits with its status; returns
 * at once when already on Node 24. Ctrl-C and `kill` reach the re-run script, so it can stop what it started
 * (a wrapper that died on SIGTERM would leave its child and the child's processes running).
 */
export async function runOnProjectNode(scriptUrl) {
  if (process.versions.node.startsWith('24.')) return;
  const child = spawn(NODE24, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const [code, signal] = await new Promise((resolve) => child.once('exit', (c, s) => resolve([c, s])));
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 9) : 1));
}

/**
 * Starts Postgres, Redis and NATS (installing them, and Chromium, if missing) through scripts/ensure-infra.sh
 * when one is down or, with `chromium`, when the browser the browser tests drive is not installed.
 */
export async function ensureInfra({ chromium = false } = {}) {
  const chromiumMissing = chromium && !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  if ((await infraIsUp()) && !chromiumMissing) return;
  console.log(
    chromiumMissing
      ? 'Chromium, Postgres, Redis or NATS is missing: installing/starting them ...'
      : 'Postgres, Redis or NATS is not running: starting them ...',
  );
  run('bash', [path.join(ROOT, 'scripts', 'ensure-infra.sh')]);
}
