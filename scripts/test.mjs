// `npm test`: builds everything (type-checks every package and builds the web app), then runs every jest test
// (unit, integration against real Postgres/Redis/NATS, gateway end-to-end), then the browser tests in Chromium.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };
const step = (title, cmd, args) => {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
};

const extra = process.argv.slice(2);
step('Build', bin('nx'), ['run-many', '-t', 'build', '--outputStyle=static']);
step('Lint (module boundaries included)', bin('eslint'), ['.']);
step('Unit, integration and gateway end-to-end tests', bin('jest'), ['-c', 'jest.config.cjs', '--maxWorkers=2', ...extra]);
step('Browser end-to-end tests', bin('jest'), ['-c', 'web/e2e/jest.config.cjs', '--runInBand', ...extra]);
