import { Logger } from '@nestjs/common';
import { NatsContext, ServerNats, type IncomingRequest, type OutgoingResponse } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import pLimit from 'p-limit';
import { finalize, isObservable } from 'rxjs';
import { SerialisedJson, serialiseReplyPacket } from './serialised-json';

/**
 * Nest's NATS server, with at most `concurrency` requests handled at once (the rest wait here, in order): a burst
 * of requests then queues in front of the handlers instead of in the Postgres pool, where the outbox relay and the
 * event consumers would wait behind every statement of every request (seen at 200 messages/s: the relay minutes
 * behind). Stopped gracefully: on close it drains its subscriptions (the server routes no new
 * request here, and requests already routed here are still delivered and handled), waits for every request in
 * flight to be answered, flushes the replies, and only then closes the connection. Nest's own close either
 * closes at once or unsubscribes and sleeps a fixed grace period, and loses requests routed just before.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly log = new Logger('RpcServer');
  private readonly limit: pLimit.Limit;

  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly drainTimeoutMs: number,
    concurrency: number,
  ) {
    super(options);
    this.limit = pLimit(concurrency);
    // Replies whose response a handler answered already in JSON (SerialisedJson) carry that text as it is.
    const serializer = this.serializer;
    this.serializer = {
      serialize: (packet: OutgoingResponse) => {
        const data = serialiseReplyPacket(packet as unknown as Record<string, unknown>);
        if (data !== undefined) return { data, headers: undefined };
        const { response } = packet;
        return serializer.serialize(
          response instanceof SerialisedJson ? { ...packet, response: JSON.parse(response.json) as unknown } : packet,
        );
      },
    };
  }

  override handleMessage(channel: string, natsMsg: unknown): Promise<unknown> {
    const work = this.limit(() => this.handleOne(channel, natsMsg as Msg));
    this.inFlight.add(work);
    void work.catch(() => undefined).finally(() => this.inFlight.delete(work));
    return work;
  }

  /**
   * ServerNats.handleMessage, step for step, but a request whose handler answers a value is answered here at once,
   * with the packet Nest's reply stream makes of it ({ response, isDisposed: true, id }). Nest wraps every answer in an
   * Observable, pipes it through catchError and finalize, subscribes, queues the packet and publishes it on the next
   * tick: per request, a measurable share of a service's CPU spent on a stream of exactly one value. Handlers still
   * run behind Nest's context (pipes, guards, interceptors, exception filters, processing hooks); what they answer
   * as an Observable (an error, which Nest's exception filters answer as a failing stream, or a handler's own stream)
   * still goes through Nest's reply stream, so errors keep Nest's packets. A copy of Nest's steps, so a Nest upgrade
   * that changes them must change them here too: the spec compares every kind of reply with Nest's own ServerNats.
   */
  private async handleOne(channel: string, natsMsg: Msg): Promise<unknown> {
    const context = new NatsContext([natsMsg.subject, natsMsg.headers]);
    const message = (await this.deserializer.deserialize(natsMsg, {
      channel,
      replyTo: natsMsg.reply,
    })) as IncomingRequest;
    if (message.id === undefined) return this.handleEvent(channel, message, context);
    const publish = this.getPublisher(natsMsg, message.id, context);
    const handler = this.getHandlerByPattern(channel);
    if (!handler) return publish({ id: message.id, status: 'error', err: NO_MESSAGE_HANDLER });
    return this.runWithProcessingHooks(context, async (runEndHook) => {
      const answer: unknown = await handler(message.data, context);
      if (isObservable(answer)) {
        this.send(answer.pipe(finalize(runEndHook)), publish);
        return;
      }
      runEndHook();
      try {
        publish({ response: answer, isDisposed: true });
      } catch (error) {
        // As Nest's reply queue: a reply that cannot be written or published is logged, not thrown at NATS.
        this.logger.error(error);
      }
    });
  }

  /**
   * Our subjects are plain strings ("catalog.product.get"). Nest first tries JSON.parse on every incoming subject, for
   * object patterns, which throws and builds a SyntaxError with its stack on every request: wasted work on the hot
   * path. A subject that is not a JSON object is its own route, as Nest's fallback makes it.
   */
  override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : pattern;
  }

  /** Requests being handled now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  override async close(): Promise<void> {
    // ServerNats keeps these private; read them here only, and fall back to its plain close if they move.
    const self = this as unknown as { natsClient?: NatsConnection | null; subscriptions?: Subscription[] };
    const nc = self.natsClient;
    if (nc && !nc.isClosed() && Array.isArray(self.subscriptions)) {
      await Promise.allSettled(self.subscriptions.map((s) => s.drain()));
      const inFlight = this.inFlight.size;
      this.log.log({ msg: 'stopped taking requests; finishing those in flight', inFlight });
      const deadline = Date.now() + this.drainTimeoutMs;
      while (this.inFlight.size && Date.now() < deadline) {
        await Promise.race([
          Promise.allSettled([...this.inFlight]),
          new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())).unref()),
        ]);
      }
      if (this.inFlight.size)
        this.log.warn({ msg: 'requests still in flight at the drain deadline', inFlight: this.inFlight.size });
      await nc.flush().catch(() => undefined);
      this.log.log({ msg: 'requests in flight finished', finished: inFlight - this.inFlight.size });
    }
    await super.close();
  }
}
