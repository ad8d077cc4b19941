// Starts the product's processes (every service, then the gateway serving the web app) as child processes.
// Used by `npm start` (supervised: a crashed process is restarted) and by the tests, so both run exactly the same
// thing.
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { portOpen } from './infra.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE = process.execPath;

/**
 * Media's process settings, read by glibc and V8 as the process starts (so not MediaConfig's): the same in
 * docker-compose.yml and deploy/k8s/base/media.yaml (deploy/test checks it). libvips and Node allocate with glibc's
 * malloc, which by default gives each thread its own arena and serves blocks over a threshold that grows with use
 * from its heaps, so the memory of a decoded photo or an upload's body stays with the process once freed: two arenas
 * (sharp's advice for glibc) and a fixed threshold send such blocks to mmap, which gives them back to the system when
 * freed. A small young generation (V8's semi-space, in MB) keeps less memory committed and is scavenged more often,
 * so the short-lived buffers of refused bodies are freed sooner; media's JavaScript allocates little else.
 */
export const MEDIA_PROCESS_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  NODE_OPTIONS: '--max-semi-space-size=2',
};

/** NODE_OPTIONS of a process: what the launcher's environment gives every process, then the process's own flags. */
export const withNodeOptions = (inherited, own) => [inherited, own].filter(Boolean).join(' ');

/** Every domain service with its health port (the only place these are listed), and media's process settings. */
export const SERVICES = [
  { name: 'identity', healthPort: 4001 },
  { name: 'catalog', healthPort: 4002 },
  { name: 'favourites', healthPort: 4003 },
  { name: 'messaging', healthPort: 4004 },
  { name: 'payments', healthPort: 4005 },
  { name: 'reviews', healthPort: 4006 },
  { name: 'notifications', healthPort: 4007 },
  // Its HTTP port also answers uploads and images, which the gateway proxies there (MEDIA_URL below).
  { name: 'media', healthPort: 4008, env: MEDIA_PROCESS_ENV },
  { name: 'moderation', healthPort: 4009 },
  { name: 'alerts', healthPort: 4010 },
];

/**
 * How `supervise` restarts a process that stopped by itself: after `initialDelayMs`, doubling with each crash up to
 * `maxDelayMs`; a process that stayed up `stableAfterMs` starts again from `initialDelayMs`. It never gives up, as
 * Kubernetes does not (CrashLoopBackOff): a service whose database was away for a minute comes back by itself.
 */
export const RESTART_POLICY = { initialDelayMs: 1_000, maxDelayMs: 30_000, stableAfterMs: 60_000 };

/** The wait before the next start of a process that has crashed `crashes` times in a row (1 for the first). */
export const restartDelay = (crashes, policy = RESTART_POLICY) =>
  Math.min(policy.initialDelayMs * 2 ** Math.max(0, crashes - 1), policy.maxDelayMs);

/**
 * Starts all services and the gateway. `env` reaches every process (DATABASE_URL, NATS_URL, REDIS_URL...).
 * Resolves when every process answers /readyz; rejects if one exits first.
 *
 * NATS is never anonymous: `natsPasswords` (every NATS user's password, see libs/platform's nats-users) gives each
 * process its own user and password (NATS_USER, NATS_PASSWORD) and no other's. `natsServer` ({ command, args, env,
 * port }), when given, is the NATS server itself (npm start's own): started first, supervised like the others,
 * stopped last.
 *
 * `mailDev` ({ smtpPort, webPort, mailDirectory? }), when given and SMTP_URL is not, runs MailDev on loopback
 * (scripts/maildev.mjs), supervised like the others, and gives every process SMTP_URL=smtp://127.0.0.1:<smtpPort>:
 * the mails are read at http://localhost:<webPort> (and its REST API, GET /api/email).
 *
 * Without `supervise` (the tests' harness, which kills and restarts processes itself), `exited` rejects when any
 * process stops by itself. With `supervise` (`npm start`), a process that stops by itself after start-up is started
 * again with the same entry, environment and health port, after a delay that backs off (RESTART_POLICY), while the
 * others keep serving; `children` always holds the current processes and `exited` never settles. `stop()` stops
 * everything and cancels pending restarts.
 */
export async function startStack({
  env = {},
  port = 3000,
  portOffset = 0,
  log = 'inherit',
  services = SERVICES,
  supervise = false,
  restartPolicy = RESTART_POLICY,
  natsPasswords,
  natsServer,
  mailDev,
} = {}) {
  // Loaded here, not at the top: the bench and the tests import this file (SERVICES) before anything is built.
  const { natsUserEnv } = await import('@souvenir/platform');
  const children = [];
  const missing = [...services.map((s) => s.name), 'gateway'].filter((name) => !natsPasswords?.[name]);
  if (missing.length)
    throw new Error(`startStack: no NATS password for ${missing.join(', ')} (natsPasswords): NATS is never anonymous`);
  // No process sees another's NATS password, nor the server's variables that hold them all.
  const baseEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(
      ([key]) => !/^NATS_PASSWORD(_|$)/.test(key) && key !== 'NATS_USER',
    ),
  );
  // A configured SMTP server wins; otherwise the local MailDev catches every mail.
  const runMailDev = mailDev && !baseEnv.SMTP_URL;
  if (runMailDev) baseEnv.SMTP_URL = `smtp://127.0.0.1:${mailDev.smtpPort}`;
  // The launcher's own lines (starts, crashes, restarts) go where the processes' output goes.
  const note = (message) => {
    if (log === 'inherit') console.log(`[launcher] ${message}`);
    else if (log) log('launcher', `${message}\n`);
  };
  const spawnProcess = (proc) => {
    const child = spawn(proc.command, proc.args, {
      cwd: ROOT,
      env: proc.env,
      stdio: log === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    if (log !== 'inherit' && log) {
      child.stdout.on('data', (d) => log(proc.name, d));
      child.stderr.on('data', (d) => log(proc.name, d));
    } else if (!log) {
      child.stdout?.resume();
      child.stderr?.resume();
    }
    child.name = proc.name;
    proc.child = child;
    proc.startedAt = Date.now();
    if (supervise) note(`${proc.name} started (pid ${child.pid})`);
    return child;
  };
  const processes = [];
  const start = (name, command, args, procEnv) => {
    // The command and environment are fixed here, once: a restart reuses them (same health port, same config).
    const proc = { name, command, args, env: procEnv, crashes: 0, timer: null };
    processes.push(proc);
    children.push(spawnProcess(proc));
    return proc.child;
  };
  const launch = (name, entry, extraEnv) =>
    start(name, NODE, [entry], { ...baseEnv, ...extraEnv, ...natsUserEnv(name, natsPasswords) });
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const proc of processes) clearTimeout(proc.timer);
    // The NATS server last: the others drain their NATS connections as they stop.
    const nats = natsServer && processes[0].child;
    await Promise.all(children.filter((c) => c !== nats).map(stopChild));
    if (nats) await stopChild(nats);
  };
  const superviseProcess = (proc, index) => {
    const onExit = (code, signal) => {
      if (stopping) return;
      const upMs = Date.now() - proc.startedAt;
      proc.crashes = upMs >= restartPolicy.stableAfterMs ? 1 : proc.crashes + 1;
      const delayMs = restartDelay(proc.crashes, restartPolicy);
      note(
        `${proc.name} (pid ${proc.child.pid}) exited ${signal ? `on signal ${signal}` : `with code ${code}`} after ` +
          `${(upMs / 1000).toFixed(1)} s; restarting in ${delayMs / 1000} s (crash ${proc.crashes} in a row)`,
      );
      proc.timer = setTimeout(() => {
        if (stopping) return;
        children[index] = spawnProcess(proc);
        proc.child.once('exit', onExit);
      }, delayMs);
    };
    if (proc.child.exitCode !== null || proc.child.signalCode !== null)
      onExit(proc.child.exitCode, proc.child.signalCode);
    else proc.child.once('exit', onExit);
  };
  try {
    if (natsServer) {
      start('nats', natsServer.command, natsServer.args, { ...process.env, ...natsServer.env });
      await waitListening(natsServer.port, children[0], natsServer.logFile);
    }
    if (runMailDev) {
      const maildev = start('maildev', NODE, [path.join(ROOT, 'scripts', 'maildev.mjs')], {
        ...process.env,
        MAILDEV_SMTP_PORT: String(mailDev.smtpPort),
        MAILDEV_WEB_PORT: String(mailDev.webPort),
        MAILDEV_MAIL_DIRECTORY: mailDev.mailDirectory ?? '',
      });
      await waitListening(mailDev.smtpPort, maildev);
      await waitListening(mailDev.webPort, maildev);
    }
    const media = services.find((s) => s.name === 'media');
    // identity's data export streams each archive into media's HTTP port; the gateway streams downloads from it.
    const mediaInternal = media && { MEDIA_INTERNAL_URL: `http://127.0.0.1:${media.healthPort + portOffset}` };
    for (const s of services) {
      launch(s.name, path.join(ROOT, 'services', s.name, 'dist', 'main.js'), {
        ...s.env,
        ...(s.name === 'identity' && mediaInternal),
        ...(s.env?.NODE_OPTIONS && { NODE_OPTIONS: withNodeOptions(baseEnv.NODE_OPTIONS, s.env.NODE_OPTIONS) }),
        HTTP_PORT: String(s.healthPort + portOffset),
      });
    }
    const exitedEarly = new Promise((_, reject) => {
      for (const c of children)
        c.once('exit', (code) => reject(new Error(`${c.name} exited with code ${code} during start-up`)));
    });
    exitedEarly.catch(() => undefined);
    await Promise.race([
      Promise.all(services.map((s) => waitReady(`http://127.0.0.1:${s.healthPort + portOffset}/readyz`))),
      exitedEarly,
    ]);
    launch('gateway', path.join(ROOT, 'gateway', 'dist', 'main.js'), {
      PORT: String(port),
      WEB_DIST: path.join(ROOT, 'web', 'dist'),
      // No ingress here: the gateway passes /api/uploads and /media/ on to media.
      ...(media && { MEDIA_URL: `http://127.0.0.1:${media.healthPort + portOffset}` }),
      ...mediaInternal,
    });
    await Promise.race([waitReady(`http://127.0.0.1:${port}/readyz`), exitedEarly]);
  } catch (error) {
    await stop();
    throw error;
  }
  if (supervise) {
    // A crash during start-up fails the start (a broken build or configuration should be seen, not looped on);
    // from here on, a crash is restarted.
    processes.forEach(superviseProcess);
    return { url: `http://localhost:${port}`, children, stop, exited: new Promise(() => undefined) };
  }
  /** Rejects when any process stops by itself. */
  const exited = new Promise((_, reject) => {
    for (const c of children)
      c.once('exit', (code, signal) => reject(new Error(`${c.name} exited (${signal ?? code})`)));
  });
  exited.catch(() => undefined);
  return { url: `http://localhost:${port}`, children, stop, exited };
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 8000).unref();
  });
}

/** Waits until a server process listens on its loopback port; rejects if it exits first (its log says why). */
async function waitListening(port, child, logFile, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${child.name} exited (${child.signalCode ?? child.exitCode}) before listening on ${port}` +
          (logFile ? `: see ${logFile}` : ''),
      );
    if (Date.now() > deadline) throw new Error(`${child.name} not listening on ${port} after ${timeoutMs} ms`);
    await delay(100);
  }
}

// Ten services start at once: on a two-core machine shared with builds, their start-up (migrations, first
// connections) can take minutes. A real failure ends the wait early (a process that exits fails the start).
async function waitReady(url, timeoutMs = 180_000) {
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
