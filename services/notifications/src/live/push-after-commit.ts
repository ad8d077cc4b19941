import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NatsConnection } from '@nats-io/transport-node';
import { PUSH, type LiveEventDto } from '@souvenir/contracts';
import { NATS_CONNECTION } from '@souvenir/platform';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * Publishes live events on `push.user.<id>` once the transaction that logged them commits: a rolled-back event is
 * never pushed, and an event whose publish fails (NATS away) is still in the log for the reconnect's replay.
 */
@Injectable()
export class PushAfterCommit implements OnModuleInit {
  private readonly logger = new Logger(PushAfterCommit.name);
  private readonly pending = new WeakMap<QueryRunner, { userId: string; event: LiveEventDto }[]>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  onModuleInit() {
    this.dataSource.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => {
        if (queryRunner.isTransactionActive) return; // a savepoint's release, not the commit
        const events = this.pending.get(queryRunner);
        this.pending.delete(queryRunner);
        for (const { userId, event } of events ?? []) this.publish(userId, event);
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
      },
    });
  }

  /** Queues the event for its user until the manager's transaction commits (at once without a transaction). */
  add(manager: EntityManager, userId: string, event: LiveEventDto): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return this.publish(userId, event);
    const list = this.pending.get(runner) ?? [];
    list.push({ userId, event });
    this.pending.set(runner, list);
  }

  private publish(userId: string, event: LiveEventDto): void {
    try {
      this.nc.publish(PUSH.user(userId), JSON.stringify(event));
    } catch (error) {
      this.logger.warn({ msg: 'live event not pushed (kept for replay)', error: (error as Error).message });
    }
  }
}
