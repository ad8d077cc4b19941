import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { localNatsServerConfig, natsServerPasswordEnv, type NatsPasswords } from '@souvenir/platform';
import { freePort, waitForPort } from './ports';

/** A server binary of the machine run on its own port and data folder, so test suites never share state. */
export class LocalServer {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'souvenir-test-'));

  private constructor(
    private readonly command: string,
    private readonly args: (port: number, dir: string) => string[],
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly cwd: string | undefined,
  ) {}

  static async start(
    command: string,
    args: (port: number, dir: string) => string[],
    env: Record<string, string> = {},
    cwd?: string,
  ): Promise<LocalServer> {
    const server = new LocalServer(command, args, await freePort(), env, cwd);
    await server.start();
    return server;
  }

  /** Starts (or restarts, on the same port and data) the server. */
  async start(): Promise<void> {
    this.child = spawn(this.command, this.args(this.port, this.dataDir), {
      stdio: 'ignore',
      env: { ...process.env, ...this.env },
      cwd: this.cwd,
    });
    await waitForPort(this.port);
  }

  /** Stops it hard (SIGKILL), as a crash would. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export function startNatsServer(): Promise<LocalServer> {
  const binary = process.env.NATS_SERVER_BIN ?? 'nats-server';
  return LocalServer.start(binary, (port, dir) => ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir]);
}

/**
 * NATS (JetStream) with the product's users and permissions, as npm start runs it (localNatsServerConfig): an
 * anonymous client is refused; each process connects with its password from `passwords`.
 */
export function startNatsServerWithUsers(passwords: NatsPasswords): Promise<LocalServer> {
  const binary = process.env.NATS_SERVER_BIN ?? 'nats-server';
  return LocalServer.start(
    binary,
    (port, dir) => {
      const configFile = join(dir, 'nats.conf');
      writeFileSync(configFile, localNatsServerConfig({ port, storeDir: join(dir, 'jetstream') }));
      return ['-c', configFile];
    },
    natsServerPasswordEnv(passwords),
  );
}

/** A NATS server under test that a suite started with its own configuration file. */
export interface ConfiguredNats {
  url: string;
  stop(): Promise<void>;
}

/**
 * NATS (JetStream) started with a configuration file, e.g. the deployed users and permissions
 * (`deploy/nats/nats.conf`); `env` is the server's environment, which the file may read (`$NATS_PASSWORD_...`).
 * The machine's nats-server binary on a free loopback port, or the NATS image where there is no binary but a
 * Docker engine (the file's folder copied into the container). The server runs in the file's folder, so relative paths
 * in it (includes, certificate files) resolve from there either way.
 */
export async function startConfiguredNatsServer(
  configFile: string,
  env: Record<string, string>,
): Promise<ConfiguredNats> {
  const binary =
    process.env.NATS_SERVER_BIN ??
    [...(process.env.PATH ?? '').split(':'), '/usr/sbin'].map((d) => join(d, 'nats-server')).find((p) => existsSync(p));
  if (binary) {
    const server = await LocalServer.start(
      binary,
      (port, dir) => ['-c', configFile, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir],
      env,
      dirname(configFile),
    );
    return { url: `nats://127.0.0.1:${server.port}`, stop: () => server.destroy() };
  }
  // Loaded only here, as in startTestInfra: machines with the binary never need the Docker client.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { GenericContainer, Wait } = require('testcontainers') as typeof import('testcontainers');
  const container = await new GenericContainer('nats:2.10-alpine')
    .withCopyDirectoriesToContainer([{ source: dirname(configFile), target: '/etc/nats' }])
    .withEnvironment(env)
    .withWorkingDir('/etc/nats')
    .withCommand(['-c', `/etc/nats/${basename(configFile)}`, '-js', '-sd', '/data'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  return {
    url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
    stop: async () => {
      await container.stop();
    },
  };
}

export function startRedisServer(): Promise<LocalServer> {
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  return LocalServer.start(binary, (port, dir) => [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ]);
}
