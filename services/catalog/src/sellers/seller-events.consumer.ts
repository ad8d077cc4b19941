import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer, NATS_CONNECTION, SERVICE_OPTIONS, type EventHandlers, type ServiceOptions } from '@souvenir/platform';
import { SellersService } from './sellers.service';

/** catalog's durable consumer: identity's user events feed the seller read model. */
@Injectable()
export class SellerEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SellerEventsConsumer.name);
  private fallback: { messages: ConsumerMessages; loop: Promise<void> } | null = null;

  constructor(
    private readonly consumer: EventConsumer,
    private readonly sellers: SellersService,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const handlers: EventHandlers = {
      [EVENTS.identity.userRegistered]: (event, manager) => this.sellers.applyProfile(event, manager),
      [EVENTS.identity.userUpdated]: (event, manager) => this.sellers.applyProfile(event, manager),
    };
    try {
      await this.consumer.start(handlers);
    } catch (error) {
      // EventConsumer asks for `filter_subjects`, which NATS servers before 2.10 refuse (the Debian 12 package is
      // 2.9). Until the platform handles that, follow both subjects through one wildcard filter and still apply
      // each message through EventConsumer.handle, so idempotency stays the platform's.
      this.logger.warn({ msg: 'durable consumer with filter_subjects refused; using a single wildcard filter', error: (error as Error).message });
      await this.startWithWildcard(handlers);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.fallback?.messages.close().catch(() => undefined);
    await this.fallback?.loop.catch(() => undefined);
  }

  private async startWithWildcard(handlers: EventHandlers): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const stream = this.options.eventStream;
    const durable = this.options.name;
    await jsm.consumers.info(stream, durable).catch(() =>
      jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: 'events.identity.user.*',
        ack_wait: 30 * 1_000_000_000,
        max_deliver: -1,
      }));
    const consumer = await jetstream(this.nc).consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 64 });
    const loop = (async () => {
      for await (const msg of messages) await this.consumer.handle(msg, handlers);
    })();
    this.fallback = { messages, loop };
  }
}
