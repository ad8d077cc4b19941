// Starts the product's processes (every service, then the gateway serving the web app) as child processes.
// Used by `npm start` and by the browser tests, so both run exactly the same thing.
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE = process.execPath;

/** Every domain service with its health port (the only place these are listed). */
export const SERVICES = [
  { name: 'identity', healthPort: 4001 },
  { name: 'catalog', healthPort: 4002 },
  { name: 'favourites', healthPort: 4003 },
  { name: 'messaging', healthPort: 4004 },
  { name: 'payments', healthPort: 4005 },
];

/**
 * Starts all services and the gateway. `env` reaches every process (DATABASE_URL, NATS_URL, REDIS_URL...).
 * Resolves when every process answers /readyz; rejects if one exits first.
 */
export async function startStack({ env = {}, port = 3000, portOffset = 0, log = 'inherit', services = SERVICES } = {}) {
  const children = [];
  const baseEnv = { ...process.env, ...env };
  const launch = (name, entry, extraEnv) => {
    const child = spawn(NODE, [entry], {
      cwd: ROOT,
      env: { ...baseEnv, ...extraEnv },
      stdio: log === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    if (log !== 'inherit' && log) {
      child.stdout.on('data', (d) => log(name, d));
      child.stderr.on('data', (d) => log(name, d));
    } else if (!log) {
      child.stdout?.resume();
      child.stderr?.resume();
    }
    child.name = name;
    children.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(children.map((c) => new Promise((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve();
      c.once('exit', resolve);
      c.kill('SIGTERM');
      setTimeout(() => c.kill('SIGKILL'), 8000).unref();
    })));
  };
  try {
    for (const s of services) {
      launch(s.name, path.join(ROOT, 'services', s.name, 'dist', 'main.js'), { HTTP_PORT: String(s.healthPort + portOffset) });
    }
    const exitedEarly = new Promise((_, reject) => {
      for (const c of children) c.once('exit', (code) => reject(new Error(`${c.name} exited with code ${code} during start-up`)));
    });
    exitedEarly.catch(() => undefined);
    await Promise.race([
      Promise.all(services.map((s) => waitReady(`http://127.0.0.1:${s.healthPort + portOffset}/readyz`))),
      exitedEarly,
    ]);
    launch('gateway', path.join(ROOT, 'gateway', 'dist', 'main.js'), { PORT: String(port), WEB_DIST: path.join(ROOT, 'web', 'dist') });
    await Promise.race([waitReady(`http://127.0.0.1:${port}/readyz`), exitedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  /** Rejects when any process stops by itself. */
  const exited = new Promise((_, reject) => {
    for (const c of children) c.once('exit', (code, signal) => reject(new Error(`${c.name} exited (${signal ?? code})`)));
  });
  exited.catch(() => undefined);
  return { url: `http://localhost:${port}`, children, stop, exited };
}

async function waitReady(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}
