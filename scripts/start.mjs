// `npm start`: installs what is missing, builds, runs every process (migrations run as each service starts),
// seeds a demo catalogue on an empty database, and serves the web app and the API at http://localhost:$PORT.
// Written for any Node >= 20 so that it can run before the project's own Node 24 is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE24 = path.join(ROOT, 'node_modules', '.bin', 'node');
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });

if (!existsSync(NODE24) || !existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (first run) ...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}
if (!process.versions.node.startsWith('24.')) {
  // Re-run this script on the project's Node 24.
  const result = spawnSync(NODE24, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

const { startStack } = await import('./stack.mjs');
const { infraIsUp } = await import('./infra.mjs');

if (!(await infraIsUp())) {
  console.log('Postgres, Redis or NATS is not running: starting them ...');
  run('bash', [path.join(ROOT, 'scripts', 'ensure-infra.sh')]);
}

console.log('Building ...');
run(path.join(ROOT, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '--outputStyle=static']);

const port = Number(process.env.PORT ?? 3000);
const stack = await startStack({ port });
const stopAll = async (code = 0) => {
  console.log('\nStopping ...');
  await stack.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
stack.exited.catch((error) => {
  console.error(error.message);
  void stopAll(1);
});

if (process.env.SEED !== '0') {
  run(NODE24, [path.join(ROOT, 'scripts', 'seed.mjs'), '--if-empty'], { env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` } });
}

console.log(`\n  Souvenir marketplace is running at ${stack.url}\n  Press Ctrl-C to stop.\n`);
