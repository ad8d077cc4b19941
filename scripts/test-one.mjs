// `npm run test:one -- <path> [more paths] [-- jest options]`: the inner loop. Runs only the named test files (or
// every test of a folder, e.g. a project's root, which is what each project's Nx `test` target does) under the
// jest config that owns them, after the same infra check as `npm test`, and skips the build, type-check, lint and
// formatting steps: jest transpiles the tests and the workspace libraries from source (ts-jest, see
// jest.preset.cjs), so nothing needs building first. Only the suites that start built processes (tests/,
// deploy/, web/e2e/, and the gateway's end-to-end tests, which start each service from services/<name>/dist) build
// first, through Nx's cache.
// Written for any Node >= 20 so that it can run before the project's own Node 24 is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureDependencies, ensureInfra, runOnProjectNode } from './setup.mjs';

ensureDependencies();
await runOnProjectNode(import.meta.url);

const args = process.argv.slice(2);
const split = args.indexOf('--');
const targets = (split < 0 ? args : args.slice(0, split)).map((p) => path.resolve(p));
const jestOptions = split < 0 ? [] : args.slice(split + 1);
if (!targets.length) {
  console.error('usage: npm run test:one -- <test file or folder> [...] [-- jest options]');
  process.exit(2);
}

/** The suites whose tests start the built services and gateway (or the built web app). */
const NEEDS_BUILD = ['tests', 'deploy', path.join('web', 'e2e'), 'gateway'];
/** Suites that start whole stacks and measure deadlines: one file at a time, as `npm test` runs them. */
const IN_BAND = ['tests', 'deploy', path.join('web', 'e2e')];
/** Jest runs several projects under the root config's 90 s; the reliability suites get 120 s in `npm test`. */
const TIMEOUTS = { tests: 120_000, deploy: 120_000 };

/** The nearest jest config at or above the path, below the repository's root (whose config only lists projects). */
function configOf(target) {
  let dir = existsSync(target) && statSync(target).isDirectory() ? target : path.dirname(target);
  while (dir.startsWith(ROOT + path.sep)) {
    const config = path.join(dir, 'jest.config.cjs');
    if (existsSync(config)) return config;
    dir = path.dirname(dir);
  }
  return null;
}

const groups = new Map();
for (const target of targets) {
  if (!existsSync(target)) {
    console.error(`No such file or folder: ${path.relative(ROOT, target)}`);
    process.exit(2);
  }
  const config = configOf(target);
  if (!config) {
    console.error(`No jest config owns ${path.relative(ROOT, target)}`);
    process.exit(2);
  }
  groups.set(config, [...(groups.get(config) ?? []), target]);
}

const suiteOf = (config) => path.relative(ROOT, path.dirname(config));
const browser = [...groups.keys()].some((c) => suiteOf(c) === path.join('web', 'e2e'));
await ensureInfra({ chromium: browser });

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
};
const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env }).status ?? 1;

if ([...groups.keys()].some((c) => NEEDS_BUILD.includes(suiteOf(c)))) {
  const status = run(bin('nx'), ['run-many', '-t', 'build', '--outputStyle=static']);
  if (status !== 0) process.exit(status);
}

let failed = 0;
for (const [config, paths] of groups) {
  const suite = suiteOf(config);
  const files = paths.filter((p) => statSync(p).isFile());
  const folders = paths.filter((p) => !statSync(p).isFile());
  // A folder is a pattern over the config's tests; files are taken as they are (no pattern, no other file).
  const selection = folders.length
    ? ['--passWithNoTests', '--testPathPatterns', ...paths.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]
    : ['--runTestsByPath', ...files];
  const status = run(bin('jest'), [
    '-c',
    config,
    ...(IN_BAND.includes(suite) ? ['--runInBand'] : []),
    `--testTimeout=${TIMEOUTS[suite.split(path.sep)[0]] ?? 90_000}`,
    ...jestOptions,
    ...selection,
  ]);
  if (status !== 0) failed = status;
}
process.exit(failed);
