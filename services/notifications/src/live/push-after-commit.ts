import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { PUSH, type LiveEventDto } from '@souvenir/contracts';
import { AfterCommit, NATS_CONNECTION } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Publishes live events on `push.user.<id>` once the transaction that logged them commits: a rolled-back event is
 * never pushed, and an event whose publish fails (NATS away) is still in the log for the reconnect's replay.
 */
@Injectable()
export class PushAfterCommit {
  private readonly logger = new Logger(PushAfterCommit.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  /** Publishes the event for its user once the manager's transaction commits (at once without a transaction). */
  add(manager: EntityManager, userId: string, event: LiveEventDto): void {
    AfterCommit.of(this.dataSource).run(manager, () => this.publish(userId, event));
  }

  private publish(userId: string, event: LiveEventDto): void {
    try {
      this.nc.publish(PUSH.user(userId), JSON.stringify(event));
    } catch (error) {
      this.logger.warn({ msg: 'live event not pushed (kept for replay)', error: (error as Error).message });
    }
  }
}
