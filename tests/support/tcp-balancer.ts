import { createServer, type Server, Socket } from 'node:net';
import { freePort } from '@souvenir/testing';

/**
 * A TCP balancer on loopback standing in for a Kubernetes Service in front of several replicas: each new connection
 * goes to the next target in turn, and to the one after it when that one refuses (a killed replica, as a Service
 * stops routing to a pod whose endpoint is gone). A target's death closes the connections it held, client side too.
 * `targetOf` says which target a client's connection (by its local port) was given.
 */
export class TcpBalancer {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private next = 0;
  private readonly byClientPort = new Map<number, number>();

  private constructor(
    readonly port: number,
    private readonly targets: number[],
  ) {}

  static async start(targetPorts: number[]): Promise<TcpBalancer> {
    const balancer = new TcpBalancer(await freePort(), targetPorts);
    const server = createServer((client) => balancer.accept(client));
    balancer.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(balancer.port, '127.0.0.1', () => resolve());
    });
    return balancer;
  }

  /** The target port a client's connection from `clientPort` (its socket's local port) was sent to. */
  targetOf(clientPort: number): number | undefined {
    return this.byClientPort.get(clientPort);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: Socket) {
    this.track(client);
    client.pause();
    const start = this.next++ % this.targets.length;
    const attempt = (tried: number) => {
      if (tried === this.targets.length) return client.destroy();
      const target = this.targets[(start + tried) % this.targets.length];
      const upstream = new Socket();
      upstream.once('error', () => {
        upstream.destroy();
        if (!connected) attempt(tried + 1);
      });
      let connected = false;
      upstream.connect(target, '127.0.0.1', () => {
        connected = true;
        this.track(upstream);
        if (client.remotePort !== undefined) this.byClientPort.set(client.remotePort, target);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    attempt(0);
  }

  private track(socket: Socket) {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }
}
