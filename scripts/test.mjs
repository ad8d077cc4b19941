// `npm test`: builds everything (type-checks every package and builds the web app), type-checks the tests, then
// runs every jest test (unit, integration against real Postgres/Redis/NATS, gateway end-to-end), the fault/security and deployment
// suites, then the browser tests in Chromium. On a fresh clone it first does the set-up `npm start` does
// (scripts/setup.mjs: dependencies with the project's Node 24, Postgres/Redis/NATS, Chromium).
// Arguments go to every jest run: `npm test -- tests/reliability/launcher` runs the matching tests only (after every
// check above: `npm run test:one -- <file>` is the quick way to run one file, see scripts/test-one.mjs).
// Written for any Node >= 20 so that it can run before the project's own Node 24 is installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies, ensureInfra, runOnProjectNode } from './setup.mjs';

ensureDependencies();
await runOnProjectNode(import.meta.url);
await ensureInfra({ chromium: true });

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
};
const reports = mkdtempSync(path.join(tmpdir(), 'souvenir-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// Where the time goes, printed at the end (pass or fail): each step's wall time and the slowest test files.
const timings = [];
const files = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const summary = () => {
  console.log('\nWall time per step:');
  for (const { title, ms } of timings) console.log(`  ${seconds(ms).padStart(8)}  ${title}`);
  if (!files.length) return;
  console.log('Slowest test files:');
  for (const { name, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${seconds(ms).padStart(8)}  ${path.relative(ROOT, name)}`);
};
const step = (title, cmd, args) => {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const report = path.join(reports, `${Object.values(totals).reduce((a, b) => a + b, 0)}-${Date.now()}.json`);
  const isJest = cmd.endsWith('jest');
  const result = spawnSync(cmd, isJest ? [...args, '--json', `--outputFile=${report}`] : args, {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  });
  timings.push({ title, ms: Date.now() - started });
  if (isJest) {
    try {
      const { numPassedTests, numFailedTests, numPendingTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += numPassedTests;
      totals.failed += numFailedTests;
      totals.skipped += numPendingTests;
      for (const { name, startTime, endTime } of testResults) files.push({ name, ms: endTime - startTime });
    } catch {
      totals.failed += 1; // jest died before reporting
    }
  }
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    summary();
    console.log(`${totals.passed} passed, ${Math.max(totals.failed, 1)} failed, ${totals.skipped} skipped`);
    process.exit(result.status ?? 1);
  }
};

// With a test path pattern, most jest projects match no file: that is not a failure.
const extra = process.argv.length > 2 ? ['--passWithNoTests', ...process.argv.slice(2)] : [];
step('Build', bin('nx'), ['run-many', '-t', 'build', '--outputStyle=static']);
// jest only transpiles test files (ts-jest, diagnostics off), so their types are checked here.
step('Type-check the tests', bin('tsc'), ['--noEmit', '-p', 'tsconfig.spec.json']);
step('Lint (module boundaries included)', bin('eslint'), ['.']);
step('Formatting (Prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
step('Unit, integration and gateway end-to-end tests', bin('jest'), [
  '-c',
  'jest.config.cjs',
  '--maxWorkers=2',
  ...extra,
]);
step('Reliability and security tests', bin('jest'), [
  '-c',
  'tests/jest.config.cjs',
  '--runInBand',
  '--testTimeout=120000',
  ...extra,
]);
step('Deployment checks, graceful shutdown and metrics', bin('jest'), [
  '-c',
  'deploy/jest.config.cjs',
  '--runInBand',
  '--testTimeout=120000',
  ...extra,
]);
step('Browser end-to-end tests', bin('jest'), ['-c', 'web/e2e/jest.config.cjs', '--runInBand', ...extra]);
summary();
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
