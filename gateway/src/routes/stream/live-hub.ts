import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { EVENTS, PUSH } from '@souvenir/contracts';
import { NATS_CONNECTION, processRegistry } from '@souvenir/platform';
import { Counter, Gauge } from 'prom-client';
import { GatewayConfig } from '../../config/gateway.config';

/** One open `GET /api/stream` (see LiveStream). */
export interface LiveClient {
  push(event: PushedEvent): void;
  heartbeat(): void;
  /** Ends the stream cleanly (the browser reconnects by itself). */
  close(): void;
}

/** A live event as pushed on NATS: its id (for resume and de-duplication) and the JSON text written as `data:`. */
export interface PushedEvent {
  id: bigint;
  /** The event as the stream sends it (`id:` and `data:` lines), encoded once for all the user's tabs. */
  frame: Buffer;
}

/** A live event to send, from its id and its JSON. */
export function pushedEvent(id: bigint, json: string): PushedEvent {
  return { id, frame: Buffer.from(`id: ${id}\ndata: ${json}\n\n`) };
}

const openStreams = new Gauge({
  name: 'gateway_live_streams',
  help: 'Open live streams (GET /api/stream) on this gateway replica',
  registers: [processRegistry],
});
const subscribedUsers = new Gauge({
  name: 'gateway_live_users',
  help: 'Users with at least one open live stream on this replica (one NATS subscription each)',
  registers: [processRegistry],
});
const refusedStreams = new Counter({
  name: 'gateway_live_streams_refused_total',
  help: 'Live streams refused because their user (LIVE_STREAMS_PER_USER) or their address (LIVE_STREAMS_PER_IP) had that many open on this replica',
  labelNames: ['cap'],
  registers: [processRegistry],
});

/** Whose cap a refused stream met: its user's or its client address's. */
export type LiveStreamCap = 'user' | 'address';

/** A stream `join` let in (call `leave` when it ends), or the cap that refused it. */
export type JoinResult = { leave: () => void; refused?: undefined } | { refused: LiveStreamCap };
/** Comments sent to every stream so that proxies and browsers keep idle connections open. */
export const HEARTBEAT_MS = 25_000;

/**
 * The live streams of the users connected to this replica. Each user with an open stream has one NATS subscription
 * (`push.user.<id>`), shared by all their tabs here and dropped with the last one, so any number of replicas works
 * without sticky sessions: each hears only its own users' events. No business rules: the notifications service
 * decided who receives what.
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveHub.name);
  private readonly users = new Map<string, { subscription: Subscription; clients: Set<LiveClient> }>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  private deletions: Subscription | undefined;
  /** Open streams per client address, all its accounts together. */
  private readonly byAddress = new Map<string, number>();
  private readonly perUser: number;
  private readonly perAddress: number;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    config: GatewayConfig,
  ) {
    this.perUser = config.LIVE_STREAMS_PER_USER;
    this.perAddress = config.LIVE_STREAMS_PER_IP;
    // One timer for every stream rather than one per stream.
    this.heartbeat = setInterval(() => this.forEachClient((c) => c.heartbeat()), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** A deleted account's streams end on every replica, not only the one that answered the deletion. */
  onModuleInit() {
    this.deletions = this.nc.subscribe(EVENTS.identity.userDeleted, {
      callback: (error, msg) => {
        if (error) return;
        const userId = userIdOf(msg.string());
        if (userId) this.closeUser(userId);
      },
    });
  }

  /** Ends the user's streams on this replica (their browsers reconnect, and a session that is gone is refused). */
  closeUser(userId: string): void {
    for (const client of [...(this.users.get(userId)?.clients ?? [])]) client.close();
  }

  /** False while the replica shuts down: a new stream is refused and its client connects to another replica. */
  get accepting(): boolean {
    return !this.closing;
  }

  /**
   * Starts delivering the user's pushed events to the client; `leave` stops it. Refused when the user already has
   * LIVE_STREAMS_PER_USER streams open here (a person has that many tabs at most; their other tabs fall back to
   * polling), or the client's address LIVE_STREAMS_PER_IP (whatever its accounts): neither one session nor one
   * machine with many accounts may hold any number of this replica's sockets and buffers.
   */
  join(userId: string, address: string, client: LiveClient): JoinResult {
    let entry = this.users.get(userId);
    if (entry && entry.clients.size >= this.perUser) {
      refusedStreams.inc({ cap: 'user' });
      return { refused: 'user' };
    }
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.perAddress) {
      refusedStreams.inc({ cap: 'address' });
      return { refused: 'address' };
    }
    this.byAddress.set(address, fromAddress + 1);
    if (!entry) {
      const clients = new Set<LiveClient>();
      const subscription = this.nc.subscribe(PUSH.user(userId), {
        callback: (error, msg) => {
          if (error) return;
          const event = parsePushed(msg.string());
          if (!event) return this.logger.warn({ msg: 'ignoring an invalid live event' });
          for (const c of clients) c.push(event);
        },
      });
      entry = { subscription, clients };
      this.users.set(userId, entry);
      subscribedUsers.inc();
    }
    entry.clients.add(client);
    openStreams.inc();
    const joined = entry;
    const leave = () => {
      if (!joined.clients.delete(client)) return;
      openStreams.dec();
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
      if (joined.clients.size > 0 || this.users.get(userId) !== joined) return;
      this.users.delete(userId);
      subscribedUsers.dec();
      joined.subscription.unsubscribe();
    };
    return { leave };
  }

  /**
   * Shutdown (SIGTERM): every stream is ended cleanly before the HTTP server waits for its connections, so their
   * browsers reconnect at once (to another replica) and resume from their last event id.
   */
  onModuleDestroy() {
    this.closing = true;
    this.deletions?.unsubscribe();
    clearInterval(this.heartbeat);
    this.forEachClient((c) => c.close());
  }

  private forEachClient(act: (client: LiveClient) => void) {
    for (const { clients } of [...this.users.values()]) for (const client of [...clients]) act(client);
  }
}

/** The user id of a `user.deleted` event, or undefined for anything else. */
function userIdOf(json: string): string | undefined {
  try {
    const value = JSON.parse(json) as { userId?: unknown };
    return typeof value.userId === 'string' && /^[0-9a-f-]{36}$/i.test(value.userId) ? value.userId : undefined;
  } catch {
    return undefined;
  }
}

/** A pushed live event: JSON with a decimal string id. */
function parsePushed(json: string): PushedEvent | undefined {
  try {
    const value = JSON.parse(json) as { id?: unknown };
    if (typeof value.id !== 'string' || !/^\d{1,18}$/.test(value.id)) return undefined;
    return pushedEvent(BigInt(value.id), json);
  } catch {
    return undefined;
  }
}
