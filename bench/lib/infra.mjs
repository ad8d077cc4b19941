// Fresh infrastructure for one bench run (libs/testing: a new database on this machine's Postgres plus the run's
// own NATS and Redis servers on loopback) and the product's processes started by scripts/stack.mjs against it.
import { createRequire } from 'node:module';
import { appendFileSync, existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, SERVICES, startStack } from '../../scripts/stack.mjs';

const require = createRequire(import.meta.url);

/**
 * How the bench itself connects to the run's NATS (which has the product's users, as npm start's): as the gateway,
 * whose grants cover the requests it sends straight to the services.
 */
export function gatewayNatsOptions(infra) {
  const { natsConnectionOptions, natsUserEnv } = require(path.join(ROOT, 'libs/platform/dist/index.js'));
  return {
    servers: infra.natsUrl.split(','),
    ...natsConnectionOptions({ ...natsUserEnv('gateway', infra.natsPasswords), NATS_CA_FILE: '' }),
  };
}

export { ROOT, SERVICES };

/** The workspace packages the bench imports from dist; `npm run build` when one is missing. */
export function ensureBuilt() {
  const needed = [
    'libs/testing/dist/index.js',
    'libs/contracts/dist/index.js',
    'gateway/dist/main.js',
    ...SERVICES.map((s) => `services/${s.name}/dist/main.js`),
    'web/dist/index.html',
  ];
  const missing = needed.filter((f) => !existsSync(path.join(ROOT, f)));
  if (!missing.length) return Promise.resolve();
  console.log(`bench: building (missing ${missing.join(', ')})`);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (${code})`))));
  });
}

export function testing() {
  return require(path.join(ROOT, 'libs/testing/dist/index.js'));
}

/** The country a seller's items ship from (and so the only one they deliver to), read as catalog reads it. */
export function shipsFromCountry(sellerLocation) {
  return require(path.join(ROOT, 'libs/contracts/dist/index.js')).countryOfLocation(sellerLocation);
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A port offset for the services' health ports (4001..) where every port (plus spares for replicas) is free. */
export async function freeOffset(spares = 3) {
  for (let i = 0; i < 50; i++) {
    // Every port stays below Linux's ephemeral range (32768 and up): a port in it can be taken between this check
    // and the service's listen by the local end of any outgoing connection (the services' own connections to
    // Postgres and NATS as they start), which failed a start with EADDRINUSE twice in a row.
    const offset = 20000 + Math.floor(Math.random() * 8000);
    const ports = [
      ...SERVICES.map((s) => s.healthPort + offset),
      ...Array.from({ length: spares }, (_, k) => 4100 + offset + k),
    ];
    let ok = true;
    for (const p of ports)
      if (!(await portFree(p))) {
        ok = false;
        break;
      }
    if (ok) return offset;
  }
  throw new Error('no free port range for the services');
}

/** Keeps the last lines each process printed; prints warnings and errors as they come. */
export function processLog({ echo = true } = {}) {
  const tails = new Map();
  const echoed = new Map();
  const fn = (name, data) => {
    const lines = String(data).split('\n').filter(Boolean);
    const tail = tails.get(name) ?? [];
    for (const line of lines) {
      tail.push(line);
      if (process.env.BENCH_LOG_FILE) appendFileSync(process.env.BENCH_LOG_FILE, `[${name}] ${line}\n`);
      if (echo && /"level":"(warn|error|fatal)"|\bERROR\b|\bWARN\b/i.test(line)) {
        // Only the first few per process: an overloaded stack logs every failed request.
        const n = (echoed.get(name) ?? 0) + 1;
        echoed.set(name, n);
        if (n <= 5) process.stderr.write(`  [${name}] ${line.slice(0, 300)}\n`);
        else if (n === 6)
          process.stderr.write(`  [${name}] (further warnings not echoed; see the JSON report's logTails)\n`);
      }
    }
    tails.set(name, tail.slice(-50));
  };
  fn.tails = tails;
  return fn;
}

/** Which services exist (payments only when it is built). */
export function availableServices() {
  return SERVICES.filter((s) => existsSync(path.join(ROOT, 'services', s.name, 'dist', 'main.js')));
}

export async function startProduct({ infra, port, metricsPort, portOffset, logLevel, services, log, profileDir }) {
  const env = {
    ...(profileDir
      ? {
          BENCH_CPU_PROFILE_DIR: path.resolve(profileDir),
          NODE_OPTIONS:
            `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(ROOT, 'bench/profile/preload.cjs')}`.trim(),
        }
      : {}),
    ...infra.env,
    NODE_ENV: 'development',
    LOG_LEVEL: logLevel,
    // The bench signs many clients in from one IP: the rate limits must not block it.
    LOGIN_MAX_PER_IP: '1000000',
    LOGIN_MAX_PER_ACCOUNT: '1000000',
    REGISTER_MAX_PER_IP: '1000000',
    // ... nor the write limits (the mixed load lists, favourites and messages from few accounts).
    WRITE_LIMIT_MESSAGES: '1000000/60',
    WRITE_LIMIT_LISTINGS: '1000000/60',
    WRITE_LIMIT_FAVOURITES: '1000000/60',
    WRITE_LIMIT_PAYMENT_INTENTS: '1000000/60',
    WRITE_LIMIT_OFFERS: '1000000/60',
    // ... nor the allowance of accounts whose e-mail is not verified (the seed's are not).
    UNVERIFIED_WRITE_ALLOWANCE: '1000000',
    WRITE_LIMIT_UPLOADS: '1000000/60',
    WRITE_LIMIT_SAVED_SEARCHES: '1000000/60',
    // ... nor the e-mail check of new accounts' writes (seeded accounts never verified theirs).
    UNVERIFIED_WRITE_ALLOWANCE: '1000000',
    // ... nor the new-account velocity rule (its accounts are minutes old).
    NEW_ACCOUNT_LISTINGS_PER_HOUR: '1000000',
    NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR: '1000000',
    // ... nor the live streams' cap per person (the live part opens several tabs for each of its people).
    LIVE_STREAMS_PER_USER: '100',
    LIVE_STREAMS_PER_IP: '100000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The gateway's Prometheus endpoint: its own port, so a dev stack on the default one does not collide.
    ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
  };
  const { natsPasswords } = infra;
  const stack = await startStack({ env, port, portOffset, log, services, natsPasswords });
  return { ...stack, env, natsPasswords, url: `http://127.0.0.1:${port}` };
}

/** One more replica of a service (same env and NATS user, another health port), e.g. a second messaging process. */
export async function startReplica({ env, natsPasswords, name, healthPort, log, children }) {
  const { natsUserEnv } = require(path.join(ROOT, 'libs/platform/dist/index.js'));
  const child = spawn(process.execPath, [path.join(ROOT, 'services', name, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...natsUserEnv(name, natsPasswords), HTTP_PORT: String(healthPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.name = `${name}#2`;
  child.stdout.on('data', (d) => log(child.name, d));
  child.stderr.on('data', (d) => log(child.name, d));
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${healthPort}/readyz`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name} not ready`);
}

/**
 * `--profile`: asks every process of the stack to write its CPU profile now (SIGUSR2, bench/profile/preload.cjs) and
 * waits until each one's file is there (at most `timeoutMs`), so that stopping the stack afterwards cannot cut a
 * profile short. Returns the processes that wrote none in time.
 */
export async function writeProfiles(children, dir, timeoutMs = 120_000) {
  const started = Date.now();
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null && c.pid);
  for (const child of running) child.kill('SIGUSR2');
  const written = (child) => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(`-${child.pid}.cpuprofile`));
  let missing = running;
  while (missing.length && Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 250));
    missing = missing.filter((c) => !written(c) && c.exitCode === null && c.signalCode === null);
  }
  console.log(
    `bench: ${running.length - missing.length} CPU profiles written in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (missing.length ? `; none from ${missing.map((c) => c.name).join(', ')}` : ''),
  );
  return missing;
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 8000).unref();
  });
}
