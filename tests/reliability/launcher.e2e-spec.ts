// `npm start`'s own launcher (node scripts/start.mjs, which supervises scripts/stack.mjs's processes) keeps the
// product up when one process crashes: the crashed one is started again with the same environment and health port
// after a delay that doubles for crashes in a row, the others keep serving, and only Ctrl-C stops everything,
// leaving no process behind. The launcher runs as `npm start` runs it, against this suite's own infra (no seed, no
// build: npm test has built), and its processes are found as an operator would find them (ps --ppid). Its NATS is
// its own, with a user per process: an anonymous client is refused.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS, natsInboxPrefix, RPC } from '@souvenir/contracts';
import { eventually, freePort, startTestInfra, type TestInfra } from '@souvenir/testing';
import { type Client, client, ROOT } from '../support/stack';

// Every service npm start runs, the gateway, NATS and MailDev (from the launcher's own list, so a new service counts).
let PROCESS_COUNT = 0;
// What npm start generates (the NATS passwords, its JetStream store), kept out of the checkout's .data/.
const dataDir = mkdtempSync(path.join(tmpdir(), 'souvenir-launcher-'));

const NODE24 = path.join(ROOT, 'node_modules', '.bin', 'node');
const FAVOURITES_HEALTH_PORT = 4003;

let infra: TestInfra;
let launcher: ChildProcess;
let launcherExit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
let output = '';
let http: Client;
let portOffset: number;
let cookie: string;
const everyPidSeen = new Set<number>();

/** The launcher's child processes right now: pid → command line. */
function launcherChildren(): Map<number, string> {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(launcher.pid), '-o', 'pid=,args='], { encoding: 'utf8' });
  } catch {
    // ps exits 1 when the launcher has no child
  }
  const children = new Map<number, string>();
  for (const line of out.split('\n')) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (match) children.set(Number(match[1]), match[2]);
  }
  for (const pid of children.keys()) everyPidSeen.add(pid);
  return children;
}

/** The pid of the launcher's child running `services/<name>/dist/main.js`, if there is one. */
function pidOf(name: string): number | undefined {
  return [...launcherChildren()].find(([, args]) => args.includes(path.join('services', name, 'dist', 'main.js')))?.[0];
}

/** Whether a process exists and is not a zombie (a zombie has stopped; only its exit status is left to collect). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).sort();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The promise's value, or 'timeout' after `ms` (the timer cleared either way, so jest can exit). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
const launcherAlive = () => launcher.exitCode === null && launcher.signalCode === null;

beforeAll(async () => {
  const { SERVICES } = (await import(path.join(ROOT, 'scripts', 'stack.mjs'))) as { SERVICES: unknown[] };
  PROCESS_COUNT = SERVICES.length + 3;
  infra = await startTestInfra();
  const port = await freePort();
  // Health ports 24001-32005: below Linux's ephemeral range, so a restarted service finds its port free.
  portOffset = 20_000 + Math.floor(Math.random() * 8_000);
  launcher = spawn(NODE24, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...infra.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HEALTH_PORT_OFFSET: String(portOffset),
      SEED: '0',
      SKIP_BUILD: '1',
      SOUVENIR_DATA_DIR: dataDir,
      REGISTER_MAX_PER_IP: '1000',
      LOGIN_MAX_PER_IP: '1000',
      RPC_TIMEOUT_MS: '2500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (d: Buffer) => {
    output += d;
  });
  launcher.stderr!.on('data', (d: Buffer) => {
    output += d;
  });
  launcherExit = new Promise((resolve) => launcher.once('exit', (code, signal) => resolve({ code, signal })));
  await eventually(
    () => {
      if (!launcherAlive()) throw new Error(`npm start's launcher exited during start-up:\n${output}`);
      expect(output).toContain('is running at');
    },
    110_000,
    200,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  http = client(`http://127.0.0.1:${port}`);
  const username = `launch${Date.now().toString(36)}`;
  const res = await http('POST', '/api/auth/register', {
    body: { email: `${username}@example.com`, password: 'secret1', username, firstName: 'Launch', lastName: 'Er' },
  });
  expect(res.status).toBe(201);
  cookie = res.cookie;
}, 180_000);

afterAll(async () => {
  if (launcher && launcherAlive()) {
    launcher.kill('SIGTERM');
    await within(launcherExit, 15_000);
  }
  // Whatever a failed test left behind.
  for (const pid of everyPidSeen) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await infra?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Kills favourites with SIGKILL, loads the other routes until it serves again; returns what was seen. */
async function killFavourites() {
  const pid = pidOf('favourites');
  expect(pid).toBeDefined();
  const othersBefore = [...launcherChildren().keys()].filter((p) => p !== pid).sort();
  const environ = environOf(pid!);
  const killedAt = Date.now();
  process.kill(pid!, 'SIGKILL');
  // Guests browse (catalog) and a member reads their profile (identity, Redis session) the whole time favourites is
  // away, at a steady pace of their own (a favourites call may wait for the RPC timeout).
  const others: number[] = [];
  let done = false;
  const load = (async () => {
    while (!done) {
      const [products, me] = await Promise.all([http('GET', '/api/products'), http('GET', '/api/auth/me', { cookie })]);
      others.push(products.status, me.status);
      await sleep(100);
    }
  })();
  const own: number[] = [];
  let back = 0;
  let newPid: number | undefined;
  while (Date.now() - killedAt < 30_000) {
    const current = pidOf('favourites');
    if (current !== undefined && current !== pid && newPid === undefined) {
      newPid = current;
      back = Date.now() - killedAt;
    }
    const favourites = await http('GET', '/api/favorites', { cookie });
    own.push(favourites.status);
    if (newPid !== undefined && favourites.status === 200) break;
    await sleep(100);
  }
  done = true;
  await load;
  return { pid: pid!, newPid, environ, othersBefore, others, own, back, servingAfter: Date.now() - killedAt };
}

/** A launcher child's environment as a map. */
function variablesOf(pid: number): Record<string, string> {
  return Object.fromEntries(environOf(pid).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

/** The server's answer to a request framed as the services expect: the reply, or the violation that stopped it. */
async function ask(nc: NatsConnection, subject: string, data: unknown = {}): Promise<string> {
  return nc.request(subject, JSON.stringify({ pattern: subject, data, id: 'launcher-test' }), { timeout: 3000 }).then(
    (m) => m.string(),
    (e: Error) => e.message,
  );
}

/** Whether the server lets this connection subscribe to the subject (it closes a refused subscription). */
async function maySubscribe(nc: NatsConnection, subject: string): Promise<boolean> {
  const sub = nc.subscribe(subject, { callback: () => undefined });
  await nc.flush();
  await sleep(50);
  const allowed = !sub.isClosed();
  sub.unsubscribe();
  return allowed;
}

describe("npm start's NATS", () => {
  it('is its own, refuses anonymous clients, and holds each process to its own user and grants', async () => {
    const gatewayPid = [...launcherChildren()].find(([, args]) => args.includes(path.join('gateway', 'dist')))?.[0];
    const gateway = variablesOf(gatewayPid!);
    const identity = variablesOf(pidOf('identity')!);
    const url = `nats://127.0.0.1:${4223 + portOffset}`;
    expect([gateway.NATS_URL, identity.NATS_URL]).toEqual([url, url]);
    // Each process has its own user and knows no other's password.
    expect([gateway.NATS_USER, identity.NATS_USER]).toEqual(['gateway', 'identity']);
    expect(gateway.NATS_PASSWORD).not.toEqual(identity.NATS_PASSWORD);
    for (const variables of [gateway, identity])
      expect(Object.keys(variables).filter((k) => k.startsWith('NATS_PASSWORD_'))).toEqual([]);
    // The passwords were generated into the data folder, readable by their owner only.
    expect(statSync(path.join(dataDir, 'nats', 'passwords.json')).mode & 0o777).toBe(0o600);

    await expect(connect({ servers: url, reconnect: false })).rejects.toThrow(/Authorization Violation/);
    await expect(connect({ servers: url, reconnect: false, user: 'gateway', pass: 'guessed' })).rejects.toThrow(
      /Authorization Violation/,
    );

    const nc = await connect({
      servers: url,
      user: 'gateway',
      pass: gateway.NATS_PASSWORD,
      inboxPrefix: natsInboxPrefix('gateway'),
    });
    try {
      // What the gateway does, it may: ask catalog for the categories.
      expect(JSON.parse(await ask(nc, RPC.catalog.listCategories))).toHaveProperty('response');
      // Nothing else: not the e-mails only notifications may ask for, not a forged event, not serving a service's
      // subject, not reading another process's replies.
      expect(await ask(nc, RPC.identity.getUserEmails, { userIds: [] })).toMatch(
        /Permissions Violation for Publish to "identity\.user\.get-emails"/,
      );
      expect(await ask(nc, EVENTS.identity.userUpdated)).toMatch(/Permissions Violation for Publish/);
      expect(await maySubscribe(nc, RPC.identity.verifyCredentials)).toBe(false);
      expect(await maySubscribe(nc, `${natsInboxPrefix('identity')}.>`)).toBe(false);
    } finally {
      await nc.close();
    }
  });
});

describe("npm start's launcher supervises every process", () => {
  it('restarts a SIGKILLed service with the same environment and health port while the others keep serving', async () => {
    expect((await http('GET', '/api/favorites', { cookie })).status).toBe(200);
    expect(launcherChildren().size).toBe(PROCESS_COUNT);

    const crash = await killFavourites();

    expect(launcherAlive()).toBe(true);
    expect(crash.others.length).toBeGreaterThan(4);
    expect(crash.others.every((status) => status === 200)).toBe(true);
    expect(crash.own).toContain(503); // it really was down, and said so
    expect(crash.newPid).toBeDefined();
    expect(crash.servingAfter).toBeLessThan(15_000);
    expect((await http('GET', '/api/favorites', { cookie })).status).toBe(200);
    // The new process is the launcher's child, started exactly as the first one (same variables, HTTP_PORT included).
    expect(environOf(crash.newPid!)).toEqual(crash.environ);
    expect(crash.environ).toContain(`HTTP_PORT=${FAVOURITES_HEALTH_PORT + portOffset}`);
    expect((await fetch(`http://127.0.0.1:${FAVOURITES_HEALTH_PORT + portOffset}/readyz`)).status).toBe(200);
    // Only favourites was restarted.
    expect([...launcherChildren().keys()].filter((p) => p !== crash.newPid).sort()).toEqual(crash.othersBefore);
    // The launcher said what happened and when it would restart.
    expect(output).toMatch(
      new RegExp(`favourites \\(pid ${crash.pid}\\) exited on signal SIGKILL after [\\d.]+ s; restarting in 1 s`),
    );
  }, 60_000);

  it('backs off: a second crash in a row waits twice as long before the restart', async () => {
    const crash = await killFavourites();
    expect(output).toMatch(
      new RegExp(
        `favourites \\(pid ${crash.pid}\\) exited on signal SIGKILL after [\\d.]+ s; restarting in 2 s \\(crash 2 in a row\\)`,
      ),
    );
    expect(crash.newPid).toBeDefined();
    expect(crash.back).toBeGreaterThanOrEqual(2_000);
    expect(crash.others.every((status) => status === 200)).toBe(true);
    expect((await http('GET', '/api/favorites', { cookie })).status).toBe(200);
  }, 60_000);

  it('Ctrl-C (SIGINT) stops every process and the launcher, leaving none behind', async () => {
    const pids = [...launcherChildren().keys()];
    expect(pids).toHaveLength(PROCESS_COUNT);
    launcher.kill('SIGINT');
    const exit = await within(launcherExit, 20_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(pids.filter(alive)).toEqual([]);
    expect([...everyPidSeen].filter(alive)).toEqual([]);
    expect((await http('GET', '/api/products')).status).toBe(0); // nothing answers any more
  }, 40_000);
});
