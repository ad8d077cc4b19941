import { createServer, type Server, Socket } from 'node:net';
import { freePort } from '@souvenir/testing';

/**
 * A TCP proxy in front of a server (Postgres here, which cannot be restarted under the suite): `cut()` drops every
 * connection and refuses new ones, as a database restart does; `restore()` accepts again on the same port;
 * `switchTo()` sends new connections to another server (a promoted standby).
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort(), target);
    await proxy.restore();
    return proxy;
  }

  restore(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      this.track(client);
      this.track(upstream);
      upstream.connect(this.target.port, this.target.host);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  /** A failover as the cluster's read-write service does it: every connection dropped, new ones go to `target`. */
  async switchTo(target: { host: string; port: number }): Promise<void> {
    await this.cut();
    this.target = target;
    await this.restore();
  }

  get connections(): number {
    return this.sockets.size;
  }

  private track(socket: Socket) {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }
}
