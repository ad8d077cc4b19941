import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';

/** A server binary of the machine run on its own port and data folder, so test suites never share state. */
export class LocalServer {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'souvenir-test-'));

  private constructor(private readonly command: string, private readonly args: (port: number, dir: string) => string[], readonly port: number) {}

  static async start(command: string, args: (port: number, dir: string) => string[]): Promise<LocalServer> {
    const server = new LocalServer(command, args, await freePort());
    await server.start();
    return server;
  }

  /** Starts (or restarts, on the same port and data) the server. */
  async start(): Promise<void> {
    this.child = spawn(this.command, this.args(this.port, this.dataDir), { stdio: 'ignore' });
    await waitForPort(this.port);
  }

  /** Stops it hard (SIGKILL), as a crash would. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGKILL'); });
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

export function startRedisServer(): Promise<LocalServer> {
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  return LocalServer.start(binary, (port, dir) => ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir]);
}
