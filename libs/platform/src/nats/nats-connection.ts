import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import { natsInboxPrefix } from '@souvenir/contracts';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/** How a process proves who it is to NATS (the config classes of the services and the gateway declare these). */
export interface NatsCredentialsConfig {
  NATS_USER: string;
  NATS_PASSWORD: string;
  NATS_CA_FILE: string;
}

/**
 * Connection options for the process's NATS user, used by every connection it opens (its own and Nest's RPC
 * server's). The server allows each user only the subjects declared for it in libs/contracts (NATS_GRANTS), and
 * replies reach it under its own inbox prefix, which no other user may subscribe to. NATS_CA_FILE is the CA that
 * signed the server's TLS certificate (Kubernetes: a private CA). With no user set the connection is anonymous, which
 * only a bare test server (a service's integration tests) accepts.
 */
export function natsConnectionOptions(config: NatsCredentialsConfig): Partial<NodeConnectionOptions> {
  return {
    ...(config.NATS_USER
      ? { user: config.NATS_USER, pass: config.NATS_PASSWORD, inboxPrefix: natsInboxPrefix(config.NATS_USER) }
      : {}),
    ...(config.NATS_CA_FILE ? { tls: { caFile: config.NATS_CA_FILE } } : {}),
  };
}

/**
 * The process's NATS connection, which reconnects forever: JetStream (outbox relay, consumers) and RpcClient's
 * requests. The services' Nest NATS servers, which answer requests, keep their own connection.
 */
export async function connectNats(
  servers: string,
  name: string,
  credentials: NatsCredentialsConfig,
): Promise<NatsConnection> {
  const logger = new Logger('Nats');
  const nc = await connect({
    ...natsConnectionOptions(credentials),
    servers: servers.split(','),
    name,
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
    reconnectTimeWait: 500,
    // nats.js otherwise builds an Error on every request, only to give a failed request its caller's stack, which
    // nobody reads: RpcClient turns every failure into a 503 or a domain error anyway.
    noAsyncTraces: true,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect')
        logger.warn({ msg: `nats ${status.type}`, server: 'server' in status ? status.server : undefined });
    }
  })();
  return nc;
}

/** Drains the JetStream connection last, after the relay and consumers have stopped. */
@Injectable()
export class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async onApplicationShutdown() {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}
