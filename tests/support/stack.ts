import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { natsUserEnv, type NatsPasswords } from '@souvenir/platform';
import { freePort, startTestInfra, type TestInfra } from '@souvenir/testing';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface RunningStack {
  infra: TestInfra;
  url: string;
  env: Record<string, string>;
  portOffset: number;
  /** The stack's MailDev (every mail of the stack arrives there): its inbox and REST API, `GET /api/email`. */
  mailUrl: string;
  /** Each NATS user's password (the stack's NATS has a user per process and refuses anonymous clients). */
  natsPasswords: NatsPasswords;
  children: (ChildProcess & { name?: string })[];
  logs: string[];
  /** SIGKILLs a service's process, as a crash would. */
  kill(name: string): Promise<void>;
  /** Starts the service again exactly as the stack did (same entry, same env, same health port). */
  restart(name: string): ChildProcess;
  stop(): Promise<void>;
}

const HEALTH_PORTS: Record<string, number> = {
  identity: 4001,
  catalog: 4002,
  favourites: 4003,
  messaging: 4004,
  payments: 4005,
};

/**
 * The whole product as child processes (scripts/stack.mjs, which `npm start` uses) against fresh infra, its NATS with
 * the product's users (a given `infraIn` must have been started with `natsUsers`).
 */
export async function startChildStack(
  extraEnv: Record<string, string> = {},
  infraIn?: TestInfra,
): Promise<RunningStack> {
  const infra = infraIn ?? (await startTestInfra({ natsUsers: true }));
  const natsPasswords = infra.natsPasswords;
  if (!natsPasswords)
    throw new Error('startChildStack: the infra has no NATS users (startTestInfra({ natsUsers: true }))');
  const { startStack } = (await import(path.join(ROOT, 'scripts', 'stack.mjs'))) as {
    startStack: (o: object) => Promise<{ url: string; children: ChildProcess[]; stop: () => Promise<void> }>;
  };
  const port = await freePort();
  // Health ports 24001-32005: below Linux's ephemeral range (32768+), where any outgoing connection on the machine may
  // take a killed service's port before its restart binds it again (EADDRINUSE: the restarted service exits).
  const portOffset = 20_000 + Math.floor(Math.random() * 8_000);
  const env = {
    ...infra.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_PER_IP: '100000',
    LOGIN_MAX_PER_ACCOUNT: '100000',
    REGISTER_MAX_PER_IP: '100000',
    LOGIN_FREE_FAILURES_PER_CLIENT: '100000',
    // Accounts registered here are not verified; their listings and messages are not what these tests count.
    UNVERIFIED_WRITE_ALLOWANCE: '100000',
    // Write limits out of the way of tests that write a lot from one IP (the limits' own test is gateway/test).
    WRITE_LIMIT_MESSAGES: '100000/60',
    WRITE_LIMIT_LISTINGS: '100000/60',
    WRITE_LIMIT_FAVOURITES: '100000/60',
    WRITE_LIMIT_PAYMENT_INTENTS: '100000/60',
    WRITE_LIMIT_UPLOADS: '100000/60',
    WRITE_LIMIT_ORDERS: '100000/60',
    WRITE_LIMIT_UNSUBSCRIBES: '100000/60',
    WRITE_LIMIT_REPORTS: '100000/60',
    WRITE_LIMIT_BLOCKS: '100000/60',
    // The new-account velocity rule (catalog, messaging) out of the way too: its own test is gateway/test.
    NEW_ACCOUNT_LISTINGS_PER_HOUR: '100000',
    NEW_ACCOUNT_NEW_CONTACTS_PER_HOUR: '100000',
    WRITE_LIMIT_OFFERS: '100000/60',
    WRITE_LIMIT_SAVED_SEARCHES: '100000/60',
    RPC_TIMEOUT_MS: '2500',
    ...extraEnv,
  };
  const logs: string[] = [];
  const log = (name: string, data: Buffer) => {
    logs.push(`[${name}] ${data}`);
    if (logs.length > 400) logs.shift();
  };
  const [mailSmtpPort, mailWebPort] = [await freePort(), await freePort()];
  const mailDev = { smtpPort: mailSmtpPort, webPort: mailWebPort };
  const stack = await startStack({ env, port, portOffset, log, natsPasswords, mailDev }).catch((error: Error) => {
    process.stderr.write(logs.join(''));
    throw error;
  });
  // What stack.mjs gave every process, so a restarted service mails there too.
  if (!('SMTP_URL' in extraEnv)) Object.assign(env, { SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}` });
  const extra: ChildProcess[] = [];
  const byName = (name: string) =>
    [...stack.children, ...extra]
      .reverse()
      .find((c) => (c as { name?: string }).name === name && c.exitCode === null && c.signalCode === null);
  return {
    infra,
    url: `http://127.0.0.1:${port}`,
    env,
    portOffset,
    mailUrl: `http://127.0.0.1:${mailWebPort}`,
    natsPasswords,
    children: stack.children,
    logs,
    async kill(name) {
      const child = byName(name);
      if (!child) throw new Error(`${name} is not running`);
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    restart(name) {
      const child = spawn(process.execPath, [path.join(ROOT, 'services', name, 'dist', 'main.js')], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...env,
          ...natsUserEnv(name as keyof NatsPasswords, natsPasswords),
          HTTP_PORT: String(HEALTH_PORTS[name] + portOffset),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }) as ChildProcess & { name?: string };
      child.name = name;
      child.stdout!.on('data', (d: Buffer) => log(`${name}*`, d));
      child.stderr!.on('data', (d: Buffer) => log(`${name}*`, d));
      extra.push(child);
      return child;
    },
    async stop() {
      await Promise.all(
        extra.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
              setTimeout(() => c.kill('SIGKILL'), 8000).unref();
            }),
        ),
      );
      await stack.stop();
      if (!infraIn) await infra.stop();
    },
  };
}

/** Minimal HTTP client for a running stack (fetch; JSON in and out; Origin = the app's own). */
export function client(baseUrl: string) {
  return async (
    method: string,
    url: string,
    { cookie, body, timeoutMs = 8000 }: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
  ) => {
    const started = Date.now();
    try {
      const res = await fetch(baseUrl + url, {
        method,
        headers: {
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return {
        status: res.status,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test client: callers read whatever JSON came back
        body: json as any,
        ms: Date.now() - started,
        cookie: (res.headers.get('set-cookie') ?? '').split(';')[0],
      };
    } catch (error) {
      return { status: 0, body: String(error), ms: Date.now() - started, cookie: '' };
    }
  };
}
export type Client = ReturnType<typeof client>;
