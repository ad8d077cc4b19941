import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { NATS_SERVICES, type NatsServiceName } from '@souvenir/contracts';
import { natsUserEnv } from '@souvenir/platform';
import { freePort } from './ports';
import { NEW_ACCOUNT_VELOCITY_OFF } from './service-harness';
import type { TestInfra } from './test-infra';

/** The domain services, by the name of their folder under services/ (and of their NATS user). */
export const SERVICE_NAMES = NATS_SERVICES;
export type ServiceName = NatsServiceName;

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Media's process settings as scripts/stack.mjs gives them (read by glibc and V8 as the process starts, so not
 * MediaConfig's): the same memory behaviour as every other way media runs.
 */
const PROCESS_ENV: Partial<Record<ServiceName, Record<string, string>>> = {
  media: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
};
const NODE_FLAGS: Partial<Record<ServiceName, string[]>> = { media: ['--max-semi-space-size=2'] };

/** Preloaded into every service process started here: it exits when the test process goes away. */
const EXIT_WITH_PARENT = path.join(ROOT, 'libs', 'testing', 'src', 'exit-with-parent.cjs');

/** How many lines of a process's output are kept for a failing test's message. */
const KEPT_LINES = 400;

/** A domain service running as its own process from its build, as `npm start` runs it. */
export interface ServiceProcess {
  name: ServiceName | 'gateway';
  /** Its HTTP port's address (health, metrics; media's uploads and images): http://127.0.0.1:<port>. */
  url: string;
  port: number;
  pid: number | undefined;
  /** Its last lines of stdout and stderr, oldest first, each prefixed with the service's name. */
  logs(): string;
  /** Whether the process is still running. */
  running(): boolean;
  /** SIGTERM (graceful shutdown: consumers stopped, requests finished), SIGKILL if still there after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** `stop()`, under the name a Nest application's is: specs written for in-process services keep working. */
  close(): Promise<void>;
  /** `url`, as a Nest application answers it. */
  getUrl(): Promise<string>;
}

export interface ServiceProcessOptions {
  /** How long it may take to answer /readyz (its migrations run first). */
  readyTimeoutMs?: number;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
/** A test process that exits without its afterAll (an uncaught error, process.exit) takes its services with it. */
function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitExit(child: ChildProcess, signal: NodeJS.Signals, killAfterMs?: number): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
    if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs).unref();
  });
}

/**
 * Starts `services/<name>/dist/main.js` (build it first: `npx nx run-many -t build`) as a child process pointed at the
 * suite's infra, on a free loopback port, and resolves once its /readyz answers 200. The environment is what the
 * in-process harness gives a service (NODE_ENV=test, LOG_LEVEL=warn, the new-account velocity rule out of the way),
 * its NATS user's credentials when the infra's NATS has users, then `env`. Rejects with the process's output if it
 * exits or is not ready in time. Stop it in the suite's afterAll (`stop()`); if the test process dies first, the
 * service exits too.
 */
export async function startServiceProcess(
  name: ServiceName,
  infra: TestInfra,
  env: Record<string, string> = {},
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  if (!SERVICE_NAMES.includes(name)) throw new Error(`startServiceProcess: no service named ${name}`);
  return onFreePorts(1, ([port]) =>
    spawnUntilReady(
      name,
      path.join(ROOT, 'services', name, 'dist', 'main.js'),
      port,
      infra,
      {
        ...PROCESS_ENV[name],
        HTTP_PORT: String(port),
        HTTP_HOST: '127.0.0.1',
        ...env,
      },
      options,
    ),
  );
}

/**
 * The gateway (`gateway/dist/main.js`) as its own process, as startServiceProcess starts a service: on a free port
 * (its API and /readyz) with its own metrics port, so several replicas run side by side; `url` is its API.
 */
export async function startGatewayProcess(
  infra: TestInfra,
  env: Record<string, string> = {},
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  return onFreePorts(2, ([port, metricsPort]) =>
    spawnUntilReady(
      'gateway',
      path.join(ROOT, 'gateway', 'dist', 'main.js'),
      port,
      infra,
      { PORT: String(port), METRICS_PORT: String(metricsPort), ...env },
      options,
    ),
  );
}

/**
 * Starts a process on `count` ports free a moment ago, again on other ports if one was taken meanwhile: a free port is
 * also the kernel's pick for other processes' outgoing connections, so on a busy CI machine one can be gone by the
 * time the service binds it (the service then exits with EADDRINUSE).
 */
async function onFreePorts(
  count: number,
  start: (ports: number[]) => Promise<ServiceProcess>,
  attempts = 3,
): Promise<ServiceProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    try {
      return await start(ports);
    } catch (error) {
      if (attempt === attempts || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function spawnUntilReady(
  name: ServiceName | 'gateway',
  entry: string,
  port: number,
  infra: TestInfra,
  env: Record<string, string>,
  { readyTimeoutMs = 120_000 }: ServiceProcessOptions,
): Promise<ServiceProcess> {
  const url = `http://127.0.0.1:${port}`;
  // The test runner's own NODE_OPTIONS (jest's --experimental-vm-modules) and NATS identity are not the service's.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== 'NODE_OPTIONS' && key !== 'NATS_USER' && !key.startsWith('NATS_PASSWORD'),
    ),
  );
  const flags = name === 'gateway' ? [] : (NODE_FLAGS[name] ?? []);
  const child = spawn(process.execPath, ['--require', EXIT_WITH_PARENT, ...flags, entry], {
    cwd: ROOT,
    env: {
      ...inherited,
      ...infra.env,
      ...(infra.natsPasswords && natsUserEnv(name, infra.natsPasswords)),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Suites list and message a lot from freshly joined accounts; the velocity rule's own tests set these low.
      ...NEW_ACCOUNT_VELOCITY_OFF,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  killOnExit(child);
  // Nothing of the child keeps the test process alive: one it forgot (a beforeAll that timed out while the service
  // was starting) must not hold jest open; jest exits, and the exit hook or the closed channel ends the service.
  child.unref();
  child.channel?.unref();
  for (const pipe of [child.stdout, child.stderr]) (pipe as { unref?: () => void } | null)?.unref?.();
  const lines: string[] = [];
  const keep = (data: Buffer) => {
    for (const line of String(data).split('\n')) if (line) lines.push(`[${name}] ${line}`);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const logs = () => lines.join('\n');

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited(child))
      throw new Error(`${name} exited (${child.signalCode ?? child.exitCode}) before it was ready:\n${logs()}`);
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await waitExit(child, 'SIGKILL');
      throw new Error(`${name} not ready at ${url}/readyz after ${readyTimeoutMs} ms:\n${logs()}`);
    }
    await delay(100);
  }

  const stop = () => waitExit(child, 'SIGTERM', 10_000);
  return {
    name,
    url,
    port,
    pid: child.pid,
    logs,
    running: () => !exited(child),
    stop,
    kill: () => waitExit(child, 'SIGKILL'),
    close: stop,
    getUrl: async () => url,
  };
}
